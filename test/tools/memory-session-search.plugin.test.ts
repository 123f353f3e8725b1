import fs from "node:fs";
import path from "node:path";
import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { server } from "../../src/plugin.js";
import { normalizeScopePath } from "../../src/scope.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { writeTranscript } from "../helpers/transcript-files.js";

describe("memory_session_search in the plugin", () => {
  it("is registered by the server factory and searches the project's transcripts, creating nothing", async () => {
    const dir = normalizeScopePath(tempDir());
    const input = {
      client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }),
      directory: dir,
      worktree: dir,
    } as unknown as PluginInput;
    const hooks = await server(input, { dataDir: `${dir}/data`, search: { useRipgrep: false } });
    const tool = hooks.tool?.memory_session_search;
    expect(tool?.description.length).toBeGreaterThan(40);
    const empty = await tool?.execute({ query: "anything" }, toolContext(dir));
    expect(empty).toMatch(/^No transcripts for this project yet/);
    expect(fs.existsSync(`${dir}/data`)).toBe(false);
    writeTranscript(path.join(dir, "data", "transcripts"), dir, "ses_plugin0000001", ["the build uses Bun 1.3"]);
    const found = await tool?.execute({ query: "bun 1.3", mode: "literal" }, toolContext(dir));
    expect(found).toContain("ses_plugin0000001.md:1: the build uses Bun 1.3");
    expect(found).toMatch(
      /with the built-in scanner · 1 transcript without a usable search sketch: \d+ B read · 1 match in 1 session$/,
    );
    // Ranked is the default; with no index yet (this transcript was not exported) the scan answers, and says so.
    const ranked = String(await tool?.execute({ query: "which bun version" }, toolContext(dir)));
    // In the ranked hit's form, as a ranked search answered by the index shows it.
    expect(ranked).toMatch(/^# ses_plugin0000001\n## 1\n1: the build uses Bun 1\.3\n/);
    expect(ranked).toMatch(
      /^\[search\] ranked search unavailable \(the search index .*search-index\.db does not exist yet\)/m,
    );
    expect(fs.existsSync(`${dir}/data/search-index.db`)).toBe(false);
  });
});
