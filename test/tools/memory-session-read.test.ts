import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createSessionReadTool } from "../../src/tools/memory-session-read.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { pemBlock, seeded } from "../helpers/secret-samples.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { toolContext } from "../helpers/tool-context.js";
import { readTranscript, testDataContext } from "../helpers/transcripts.js";

const SCOPE = "/projects/demo";

function setup() {
  const data = testDataContext();
  const session = syntheticSession(20);
  const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
  const read = createSessionReadTool({ transcripts });
  const call = (args: Parameters<typeof read.execute>[0]) => read.execute(args, toolContext(SCOPE));
  return { data, session, transcripts, call };
}

describe("memory_session_read", () => {
  it("exports a session on demand the first time, then reads numbered windows with the next offset", async () => {
    const { data, session, call } = setup();
    expect(fs.existsSync(data.transcriptsDir)).toBe(false);
    const first = String(await call({ sessionID: session.sessionID, limit: 50, maxBytes: 100_000 }));
    const [head, ...rest] = first.split("\n");
    expect(head).toMatch(/^ses_synthetic0000000001 "Synthetic session": lines 1-50 of \d+ · \/.*\.md$/);
    const file = head?.split(" · ").at(-1) ?? "";
    const lines = readTranscript(file);
    expect(rest.slice(0, 50)).toEqual(lines.slice(0, 50).map((l) => `${String(l.number).padStart(6)}\t${l.text}`));
    expect(rest.at(-1)).toBe(`… next: memory_session_read({ sessionID: "${session.sessionID}", offset: 51 })`);

    const second = String(await call({ sessionID: session.sessionID, offset: 51, limit: 10 })).split("\n");
    expect(second[1]).toBe(`    51\t${lines[50]?.text}`);
    const end = String(await call({ sessionID: session.sessionID, offset: lines.length - 2 })).split("\n");
    expect(end.at(-1)).toBe(`(end of the transcript at line ${lines.length})`);
    expect(end).toHaveLength(5);
  });

  it("keeps every result inside its byte budget and cuts a single huge line", async () => {
    const { session, call } = setup();
    session.user(`HUGE ${"x".repeat(50_000)}`);
    for (const maxBytes of [1_000, 5_000, 24_000]) {
      const result = String(await call({ sessionID: session.sessionID, maxBytes, limit: 2_000 }));
      expect(Buffer.byteLength(result)).toBeLessThanOrEqual(maxBytes);
      expect(result).toMatch(/… next: memory_session_read/);
    }
    const file =
      String(await call({ sessionID: session.sessionID, limit: 1 }))
        .split("\n")[0]
        ?.split(" · ")
        .at(-1) ?? "";
    const at = readTranscript(file).find((l) => l.text.startsWith("HUGE"))?.number ?? 0;
    expect(at).toBeGreaterThan(0);
    const cut = String(await call({ sessionID: session.sessionID, offset: at, maxBytes: 2_000 })).split("\n");
    expect(cut[1]).toMatch(/^\s+\d+\tHUGE x+… \[\d+ more bytes on this line\]$/);
    expect(Buffer.byteLength(cut.join("\n"))).toBeLessThanOrEqual(2_000);
  });

  it("refuses an offset past the end, a malformed id and an unknown session, creating nothing", async () => {
    const { data, session, call } = setup();
    await expect(call({ sessionID: "../../etc/passwd" })).rejects.toThrow(
      /^\[opencode-ledger\] sessionID: "..\/..\/etc\/passwd" is not a session id/,
    );
    await expect(call({ sessionID: "ses_unknown000000001" })).rejects.toThrow(
      'no session with id "ses_unknown000000001"; it was never exported and OpenCode does not know it',
    );
    expect(fs.existsSync(data.options.dataDir)).toBe(false);
    await call({ sessionID: session.sessionID });
    await expect(call({ sessionID: session.sessionID, offset: 100_000 })).rejects.toThrow(
      /offset: 100000 is past the end: the transcript of ses_synthetic0000000001 has \d+ lines; read from offset \d+/,
    );
  });

  it("brings the transcript up to date when OpenCode says the session changed since the last export", async () => {
    const { data, session, call } = setup();
    const first = String(await call({ sessionID: session.sessionID, limit: 1 }));
    const total = Number(first.match(/of (\d+)/)?.[1]);
    await call({ sessionID: session.sessionID, limit: 1 });
    session.user("A new request after the export");
    expect(String(await call({ sessionID: session.sessionID, limit: 1 }))).toContain(`of ${total} ·`);
    session.data.info.time.updated = data.clock() + 1_000;
    const after = String(await call({ sessionID: session.sessionID, offset: total + 1 }));
    expect(after).toContain("A new request after the export");
  });

  it("reads a transcript whose session OpenCode no longer has", async () => {
    const { data, session, transcripts } = setup();
    await transcripts.export(session.sessionID);
    const gone = createTranscripts({ data, source: createMemorySource([]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts: gone });
    const result = String(await read.execute({ sessionID: session.sessionID, limit: 3 }, toolContext(SCOPE)));
    expect(result.split("\n")[1]).toBe(`     1\t# Session ${session.sessionID}`);
  });
});

const sample = (label: string) => PROVIDER_SAMPLES.find((s) => s.label === label)?.build(seeded(5)) ?? "";

describe("memory_session_read: secrets are redacted, the transcript keeps them", () => {
  it("redacts a token and a private key in the window, keeps the line numbers, and ends with the count", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const token = sample("sntryu_");
    const key = pemBlock(seeded(6), "EC");
    session.user(`set SENTRY_AUTH=${token} and use this key:\n${key}`);
    const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
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

  it("redacts the rows of a private key when the window starts below its BEGIN line; base64 rows no key heads pass", async () => {
    const data = testDataContext();
    const session = syntheticSession(2);
    const { privateKey } = crypto.generateKeyPairSync("ec", {
      namedCurve: "secp384r1",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const blob =
      crypto
        .randomBytes(300)
        .toString("base64")
        .match(/.{1,76}/g) ?? [];
    session.user(`the deploy key:\n${privateKey.trimEnd()}\nand an attachment:\n${blob.join("\n")}`);
    const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts });
    const whole = String(await read.execute({ sessionID: session.sessionID, limit: 2_000 }, toolContext(SCOPE)));
    const file = whole.split("\n")[0]?.split(" · ").at(-1) ?? "";
    const onDisk = readTranscript(file);
    const begin = onDisk.find((l) => l.text.includes("BEGIN PRIVATE KEY"))?.number ?? 0;
    const rows = privateKey.trimEnd().split("\n").slice(1, -1);
    // From the key's second row: no BEGIN line in view.
    const text = String(
      await read.execute({ sessionID: session.sessionID, offset: begin + 2, limit: 2_000 }, toolContext(SCOPE)),
    );
    expect(text).not.toContain("BEGIN PRIVATE KEY");
    expect(text).toContain(`${String(begin + 2).padStart(6)}\t[redacted: private key block]`);
    for (const row of rows) expect(text).not.toContain(row);
    for (const row of blob) expect(text).toContain(row);
    expect(text.split("\n").at(-1)).toBe(
      "[secret guard] 1 value that looks like a secret was replaced by [redacted: …] (private key block).",
    );
    expect(fs.readFileSync(file, "utf8")).toContain(rows[1]);
  });

  it("adds no line when nothing was redacted", async () => {
    const data = testDataContext();
    const session = syntheticSession(3);
    const transcripts = createTranscripts({ data, source: createMemorySource([session.data]), scope: SCOPE });
    const read = createSessionReadTool({ transcripts });
    const text = String(await read.execute({ sessionID: session.sessionID, limit: 2_000 }, toolContext(SCOPE)));
    expect(text.split("\n").at(-1)).toMatch(/^\(end of the transcript at line \d+\)$/);
    expect(text).not.toContain("[secret guard]");
  });
});

describe("memory_session_read on a transcript changed by hand", () => {
  /** The number written at the start of a shown line. */
  const numberOf = (line: string | undefined) => Number(/^ *(\d+)\t/.exec(line ?? "")?.[1]);

  it("the header names the numbers of the lines it prints, and their places in the file, across the edit", async () => {
    const { data, session, call } = setup();
    const head = String(await call({ sessionID: session.sessionID, limit: 1 })).split("\n")[0] ?? "";
    expect(head).toMatch(/: lines 1-1 of \d+ · /);
    const file = head.split(" · ").at(-1) ?? "";
    const lines = fs.readFileSync(file, "utf8").slice(0, -1).split("\n");
    // Lines 40 and 41 deleted by hand, the session grows and is read again.
    fs.writeFileSync(file, `${[...lines.slice(0, 39), ...lines.slice(41)].join("\n")}\n`);
    session.turn(30);
    session.data.info.time.updated = data.clock() + 1_000;
    const window = String(await call({ sessionID: session.sessionID, offset: 35, limit: 10 })).split("\n");
    const shown = window.slice(1, 11);
    expect(shown.map(numberOf)).toEqual([35, 36, 37, 38, 39, 42, 43, 44, 45, 46]);
    expect(window[0]).toContain(
      ": lines numbered 35-46, 2 numbers missing (the file's lines 35-44: it was changed outside opencode-ledger, and offsets count the file's lines); the last number written is",
    );
    expect(window[11]).toBe(`… next: memory_session_read({ sessionID: "${session.sessionID}", offset: 45 })`);
    // Before the edit, numbers and places agree and the header is the usual one.
    const before = String(await call({ sessionID: session.sessionID, offset: 1, limit: 39 })).split("\n");
    expect(before[0]).toMatch(/: lines 1-39 of \d+ · /);
    expect(numberOf(before[39])).toBe(39);
    // The end: its place and its number.
    const all = fs.readFileSync(file, "utf8").slice(0, -1).split("\n");
    const end = String(await call({ sessionID: session.sessionID, offset: all.length - 1 })).split("\n");
    expect(end.at(-1)).toBe(`(end of the transcript at line ${all.length}, numbered ${numberOf(all.at(-1))})`);
    expect(numberOf(all.at(-1))).toBe(all.length + 2);
    const note = all.find((l) => l.includes("changed outside opencode-ledger"));
    expect(note).toContain("(lines 40-41 were removed)");
  });

  it("lines without a number, or repeating one, are counted in the header, never hidden", async () => {
    const { session, call } = setup();
    const head = String(await call({ sessionID: session.sessionID, limit: 1 })).split("\n")[0] ?? "";
    const file = head.split(" · ").at(-1) ?? "";
    const lines = fs.readFileSync(file, "utf8").slice(0, -1).split("\n");
    // A line typed in by hand and a line pasted twice (a file an older version left with a repeat reads the same).
    const edited = [...lines.slice(0, 5), "a note of my own", lines[4] as string, ...lines.slice(5)];
    fs.writeFileSync(file, `${edited.join("\n")}\n`);
    const window = String(await call({ sessionID: session.sessionID, offset: 4, limit: 5 })).split("\n");
    expect(window[0]).toContain(": lines numbered 4-6, 2 lines without a number of their own (the file's lines 4-8:");
    expect(window.slice(1, 6)).toEqual(edited.slice(3, 8));
  });
});
