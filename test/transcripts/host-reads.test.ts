import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHostReadRedaction, type HostToolCall } from "../../src/transcripts/host-reads.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";

const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Docker Hub token")?.build(seeded(7)) ?? "";
const HOME = "/home/dev";
const DATA = `${HOME}/.local/share/opencode-ledger`;
const TRANSCRIPT = `${DATA}/transcripts/p-1234/ses_abc.md`;
const PROJECT = "/work/app";
const LINE = `    12\tthe bot logs in with ${TOKEN} nightly`;

async function run(call: HostToolCall, output: unknown, dataDir = DATA, directory = PROJECT): Promise<unknown> {
  const hook = createHostReadRedaction({ dataDir, directory, home: HOME });
  const result = { output };
  await hook(call, result);
  return result.output;
}

describe("OpenCode's own tools on the data folder", () => {
  it("a read of a transcript comes back with the secret redacted and a closing note", async () => {
    const out = await run({ tool: "read", args: { filePath: TRANSCRIPT } }, `<file>\n${LINE}\n</file>`);
    expect(out).toContain("the bot logs in with [redacted: Docker Hub token] nightly");
    expect(out).toMatch(/\[secret guard\] 1 value that looks like a secret was replaced by \[redacted: …\]/);
    expect(out).not.toContain(TOKEN);
  });

  it("a grep whose output lists transcript paths is redacted, whatever folder it was given", async () => {
    const out = await run({ tool: "grep", args: { pattern: "logs in" } }, `${TRANSCRIPT}:\n  Line 12: ${LINE}`);
    expect(out).not.toContain(TOKEN);
  });

  it("a shell command naming the folder by ~ or $HOME is redacted", async () => {
    for (const command of [
      "cat ~/.local/share/opencode-ledger/transcripts/p-1234/ses_abc.md",
      'rg logs "$HOME/.local/share/opencode-ledger"',
      `tail \${HOME}/.local/share/opencode-ledger/transcripts/p-1234/ses_abc.md`,
    ]) {
      const out = await run({ tool: "bash", args: { command, description: "look" } }, LINE);
      expect(out, command).not.toContain(TOKEN);
    }
  });

  it("a relative path inside a data folder kept in the project is resolved against the project", async () => {
    const dataDir = path.join(PROJECT, ".ledger");
    const out = await run({ tool: "read", args: { filePath: ".ledger/transcripts/x.md" } }, LINE, dataDir);
    expect(out).not.toContain(TOKEN);
  });

  it("a result outside the data folder is left exactly as it was, secret and all", async () => {
    const output = `API notes\n${LINE}`;
    for (const call of [
      { tool: "read", args: { filePath: `${PROJECT}/notes.txt` } },
      { tool: "read", args: { filePath: `${DATA}-old/transcripts/x.md` } },
      { tool: "bash", args: { command: "cat notes.txt" } },
    ]) {
      expect(await run(call, output)).toBe(output);
    }
  });

  it("a result from the folder without a secret is unchanged and gets no note", async () => {
    const output = `${TRANSCRIPT}\n    12\tnothing to hide`;
    expect(await run({ tool: "read", args: { filePath: TRANSCRIPT } }, output)).toBe(output);
  });

  it("the plugin's own tools, results that are not text and calls without arguments are left alone", async () => {
    expect(await run({ tool: "memory_session_read", args: { sessionID: "ses_abc" } }, `${TRANSCRIPT}\n${LINE}`)).toBe(
      `${TRANSCRIPT}\n${LINE}`,
    );
    const structured = { text: LINE };
    expect(await run({ tool: "read", args: { filePath: TRANSCRIPT } }, structured)).toBe(structured);
    expect(await run({ tool: "read" }, LINE)).toBe(LINE);
    expect(await run({ tool: "read", args: null }, LINE)).toBe(LINE);
  });
});
