import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../../src/log.js";
import { parseOptions } from "../../../src/options.js";
import { createDataContext } from "../../../src/services.js";
import { createMemorySource } from "../../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../../src/transcripts/transcript-service.js";
import { cliFixture } from "../../helpers/cli.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { seeded } from "../../helpers/secret-samples.js";
import { syntheticSession } from "../../helpers/synthetic-session.js";

const TOKEN = PROVIDER_SAMPLES.find((s) => s.kind === "Linear API key")?.build(seeded(77)) ?? "";

/** One exported transcript whose session printed a Linear API key. */
async function withSecretTranscript() {
  const f = cliFixture();
  const data = createDataContext(parseOptions({ dataDir: f.dataDir }).options, createMemoryLogger());
  const session = syntheticSession(2);
  session.user(`the linear sync uses ${TOKEN} for its webhook`);
  const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: f.project });
  const { file } = await transcripts.ensure(session.sessionID);
  data.database.close();
  return { f, id: session.sessionID, file };
}

describe("opencode-ledger transcripts read / search: secrets shown only with --raw", () => {
  it("read redacts by default and counts on stderr; --raw prints the file as it is", async () => {
    const { f, id, file } = await withSecretTranscript();
    const shown = f.run(["transcripts", "read", id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("the linear sync uses [redacted: Linear API key] for its webhook");
    expect(shown.stdout).not.toContain(TOKEN);
    expect(shown.stderr).toContain("[secret guard] 1 value that looks like a secret was replaced");
    expect(shown.stderr).toContain("--raw");
    const json = f.run(["transcripts", "read", id, "--json"]).json<{ lines: string[]; redacted: number }>();
    expect(json.redacted).toBe(1);
    expect(json.lines.join("\n")).not.toContain(TOKEN);
    const raw = f.run(["transcripts", "read", id, "--raw"]);
    expect(raw.stdout).toBe(fs.readFileSync(file, "utf8"));
    expect(raw.stdout).toContain(TOKEN);
  }, 60_000);

  it("search redacts by default, in text and JSON; --raw shows the line as it is", async () => {
    const { f } = await withSecretTranscript();
    const shown = f.run(["transcripts", "search", "--mode", "literal", "--scope", "all", "linear sync"]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("[redacted: Linear API key]");
    expect(shown.stdout).not.toContain(TOKEN);
    expect(
      f.run(["transcripts", "search", "--mode", "literal", "--scope", "all", "linear sync", "--json"]).stdout,
    ).not.toContain(TOKEN);
    expect(
      f.run(["transcripts", "search", "--mode", "literal", "--scope", "all", "linear sync", "--raw"]).stdout,
    ).toContain(TOKEN);
  }, 60_000);
});

describe("opencode-ledger transcripts read on a transcript changed by hand", () => {
  it("prints the file as it is, and past its end names the lines the file has", async () => {
    const { f, id, file } = await withSecretTranscript();
    const lines = fs.readFileSync(file, "utf8").slice(0, -1).split("\n");
    const edited = `${lines.filter((line) => !line.includes("linear sync")).join("\n")}\n`;
    fs.writeFileSync(file, edited);
    const count = lines.length - 1;
    expect(f.run(["transcripts", "read", id, "--raw"]).stdout).toBe(edited);
    const past = f.run(["transcripts", "read", id, "--offset", String(count + 1)]);
    expect(past.code).toBe(0);
    expect(past.stdout).toBe("");
    expect(past.stderr).toContain(`(the transcript has ${count} lines; nothing from line ${count + 1})`);
  }, 60_000);
});
