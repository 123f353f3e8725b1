import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createSessionReadTool } from "../../src/tools/memory-session-read.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { pemBlock, seeded } from "../helpers/secret-samples.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { toolContext } from "../helpers/tool-context.js";
import { testLedger } from "../helpers/transcripts.js";

const SCOPE = "/projects/demo";
const sample = (label: string) => PROVIDER_SAMPLES.find((s) => s.label === label)?.build(seeded(5)) ?? "";

describe("memory_session_read: secrets are redacted, the transcript keeps them", () => {
  it("redacts a token and a private key in the window, keeps the line numbers, and ends with the count", async () => {
    const ledger = testLedger();
    const session = syntheticSession(2);
    const token = sample("sntryu_");
    const key = pemBlock(seeded(6), "EC");
    session.user(`set SENTRY_AUTH=${token} and use this key:\n${key}`);
    const transcripts = createTranscripts({ ledger, source: createMemorySource([session.data]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts });
    const text = String(await read.execute({ sessionID: session.sessionID, limit: 2_000 }, toolContext(SCOPE)));
    const lines = text.split("\n");
    expect(text).toContain("[redacted: Sentry token]");
    expect(text).toContain("[redacted: private key block]");
    expect(text).not.toContain(token);
    for (const line of key.split("\n").slice(1, -1)) expect(text).not.toContain(line);
    expect(lines.at(-1)).toBe(
      "[secret guard] 2 values that look like secrets were replaced by [redacted: …] (Sentry token, private key block).",
    );
    expect(lines.at(-2)).toMatch(/^\(end of the transcript at line \d+\)$/);
    // Every transcript line keeps its number.
    for (const line of lines.slice(1, -2)) expect(line).toMatch(/^ *\d+\t/);
    const file = lines[0]?.split(" · ").at(-1) ?? "";
    const onDisk = fs.readFileSync(file, "utf8");
    expect(onDisk).toContain(token);
    expect(onDisk).toContain(key.split("\n")[2]);
  });

  it("adds no line when nothing was redacted", async () => {
    const ledger = testLedger();
    const session = syntheticSession(3);
    const transcripts = createTranscripts({ ledger, source: createMemorySource([session.data]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts });
    const text = String(await read.execute({ sessionID: session.sessionID, limit: 2_000 }, toolContext(SCOPE)));
    expect(text.split("\n").at(-1)).toMatch(/^\(end of the transcript at line \d+\)$/);
    expect(text).not.toContain("[secret guard]");
  });
});
