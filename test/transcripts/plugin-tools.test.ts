import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { server } from "../../src/plugin.js";
import { tempDir } from "../helpers/temp-dir.js";

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
    const hooks = await server(input, { dataDir: `${dir}/data` });
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
  });
});
