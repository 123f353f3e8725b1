import fs from "node:fs";
import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { server } from "../src/plugin.js";
import { scheduleAutoSweep } from "../src/transcripts/retention/auto-sweep.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../src/transcripts/transcript-service.js";
import { tempDir } from "./helpers/temp-dir.js";
import { toolContext } from "./helpers/tool-context.js";
import { testDataContext } from "./helpers/transcripts.js";

interface Described {
  description?: string;
  safeParse(value: unknown): { success: boolean };
}

describe("the plugin's transcript tools", () => {
  it("are registered by the server factory, each with a description and described arguments", async () => {
    const dir = tempDir();
    const input = {
      client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }),
      directory: dir,
      worktree: dir,
    } as unknown as PluginInput;
    const hooks = await server(input, { dataDir: `${dir}/data`, tools: "all" });
    const tools = hooks.tool ?? {};
    for (const name of ["memory_session_read", "memory_transcript_list", "memory_transcript_cleanup"]) {
      const definition = tools[name];
      expect(definition?.description.length, name).toBeGreaterThan(40);
      for (const [arg, schema] of Object.entries(definition?.args ?? {})) {
        expect((schema as unknown as Described).description, `${name}.${arg}`).toBeTruthy();
      }
    }
    const sessionID = tools.memory_session_read?.args.sessionID as unknown as Described;
    expect(sessionID.safeParse(undefined).success).toBe(false);
    // Listing through the plugin on a machine without a store answers, and creates nothing.
    const listed = await tools.memory_transcript_list?.execute({}, toolContext(dir));
    expect(listed).toMatch(/^No transcripts for .* yet/);
    expect(fs.existsSync(`${dir}/data`)).toBe(false);
  });

  it("schedules the start-up sweep only when a retention rule is set", async () => {
    const data = testDataContext({ retention: { retentionDays: 3 } });
    const transcripts = createTranscripts({ data, source: createMemorySource([]), scope: "/projects/x" });
    const off = { ...data.options.retention, retentionDays: 0, maxSessions: 0 };
    expect(scheduleAutoSweep(transcripts, off, 0)).toBe(false);
    expect(scheduleAutoSweep(transcripts, { ...off, autoSweep: false, maxSessions: 2 }, 0)).toBe(false);
    expect(scheduleAutoSweep(transcripts, data.options.retention, 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The sweep ran on an absent store: nothing to remove, nothing created.
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
  });
});
