import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redactKeyBodyLines, redactKeyBodyRun } from "../../src/transcripts/key-block-lines.js";
import { pemBlock, seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";
import { numbered } from "../helpers/transcript-files.js";

// A real key, made at run time: its armour and rows are what `openssl` and `ssh-keygen` print.
const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const keyLines = privateKey.trimEnd().split("\n");
const publicLines = publicKey.trimEnd().split("\n");
const base64Rows = (bytes: number, width: number) =>
  (crypto
    .randomBytes(bytes)
    .toString("base64")
    .match(new RegExp(`.{1,${width}}`, "g")) ?? []) as string[];

function transcript(lines: readonly string[]): string {
  const file = path.join(tempDir(), "ses_keyrows0001.md");
  fs.writeFileSync(file, numbered(lines));
  return file;
}

/** Lines `from`..`to` (1-based) of `lines`, as a window or a hit shows them. */
const shown = (lines: readonly string[], from: number, to: number) =>
  lines.slice(from - 1, to).map((text, i) => ({ line: from + i, text }));

describe("rows of a private key whose BEGIN line is out of view", () => {
  const lines = ["cat deploy.pem", "[output · 28 lines]", ...keyLines, "the key is installed"];
  const begin = 3;
  const end = begin + keyLines.length - 1;

  it("are redacted in the middle of the key, at its end and its last short row, each run counted once", () => {
    const file = transcript(lines);
    const middle = redactKeyBodyLines(file, shown(lines, begin + 5, begin + 9));
    expect(middle.texts).toEqual(Array(5).fill("[redacted: private key block]"));
    expect(middle.redacted).toBe(1);
    expect(middle.rows).toEqual(lines.slice(begin + 4, begin + 9));

    // The last rows, the END line and what follows: the short last row goes too, the END line and prose stay.
    const tail = redactKeyBodyLines(file, shown(lines, end - 2, end + 1));
    expect(tail.texts).toEqual([
      "[redacted: private key block]",
      "[redacted: private key block]",
      lines[end - 1],
      "the key is installed",
    ]);
    expect(tail.texts.slice(0, 2)).not.toContain(lines[end - 2]);
    expect(lines[end - 2]?.length).toBeLessThan(64);
  });

  it("are found below the armour headers of a legacy encrypted key and in a GnuPG block", () => {
    for (const [label, form] of [
      ["RSA", "legacy encrypted"],
      ["PGP", "lines"],
    ] as const) {
      const block = ["gpg --export-secret-keys", ...pemBlock(seeded(3), label, form).split("\n")];
      const rows = redactKeyBodyLines(transcript(block), shown(block, block.length - 4, block.length - 3));
      expect([label, rows.texts]).toEqual([label, Array(2).fill("[redacted: private key block]")]);
    }
  });

  it("are found through a tool's line-number gutter and an indentation", () => {
    const gutter = ["read deploy.pem", ...keyLines.map((l, i) => `${String(i + 1).padStart(5, "0")}| ${l}`)];
    const file = transcript(gutter);
    const rows = redactKeyBodyLines(file, shown(gutter, 6, 8));
    expect(rows.texts).toEqual(Array(3).fill("[redacted: private key block]"));
    const indented = ["key:", ...keyLines.map((l) => `    ${l}`)];
    expect(redactKeyBodyLines(transcript(indented), shown(indented, 5, 6)).redacted).toBe(1);
  });

  it("pass when no private key heads them: MIME base64, a public key, a certificate, rows after an END", () => {
    const mime = ["attachment:", ...base64Rows(1200, 76)];
    expect(redactKeyBodyLines(transcript(mime), shown(mime, 4, 8))).toEqual({
      texts: mime.slice(3, 8),
      redacted: 0,
      rows: [],
    });
    const pub = ["the public half:", ...publicLines];
    expect(redactKeyBodyLines(transcript(pub), shown(pub, 4, 6)).redacted).toBe(0);
    const cert = ["-----BEGIN CERTIFICATE-----", ...base64Rows(900, 64), "-----END CERTIFICATE-----"];
    expect(redactKeyBodyLines(transcript(cert), shown(cert, 4, 7)).redacted).toBe(0);
    const after = [...keyLines, ...base64Rows(600, 64)];
    expect(redactKeyBodyLines(transcript(after), shown(after, keyLines.length + 2, keyLines.length + 4)).redacted).toBe(
      0,
    );
  });

  it("pass when prose stands between a BEGIN line and them, or the BEGIN line heads no key material", () => {
    const prose = [keyLines[0] as string, "that header is all the docs show; now a blob:", ...base64Rows(600, 64)];
    expect(redactKeyBodyLines(transcript(prose), shown(prose, 4, 6)).redacted).toBe(0);
    const note = [keyLines[0] as string, ...keyLines.slice(1, 4), "Note: the rest follows", ...base64Rows(300, 64)];
    expect(redactKeyBodyLines(transcript(note), shown(note, 7, 8)).redacted).toBe(0);
    const filler = [keyLines[0] as string, ...Array(4).fill("A".repeat(64)), keyLines.at(-1) as string];
    expect(redactKeyBodyLines(transcript(filler), shown(filler, 3, 4)).redacted).toBe(0);
  });

  it("read no file when no shown line looks like a key row; hide the rows when the file cannot be read back", () => {
    const missing = path.join(tempDir(), "gone.md");
    expect(redactKeyBodyLines(missing, shown(["plain words", "more words"], 1, 2))).toEqual({
      texts: ["plain words", "more words"],
      redacted: 0,
      rows: [],
    });
    const gone = redactKeyBodyLines(missing, shown(keyLines, 2, 3));
    expect(gone.texts).toEqual(Array(2).fill("[redacted: private key block]"));
    const mime = base64Rows(300, 76);
    expect(redactKeyBodyLines(missing, shown(mime, 1, 2)).redacted).toBe(1);
  });

  it("look back no further than a key can be long: a row 200 lines under its BEGIN line passes", () => {
    const long = [keyLines[0] as string, ...Array.from({ length: 12 }, () => base64Rows(48 * 20, 64)).flat()];
    expect(long.length).toBeGreaterThan(200);
    expect(redactKeyBodyLines(transcript(long), shown(long, 20, 21)).redacted).toBe(1);
    expect(redactKeyBodyLines(transcript(long), shown(long, 200, 201)).redacted).toBe(0);
  });

  it("are found the same by the index's run of lines, which reads back only the bytes before the run", () => {
    const file = transcript(lines);
    const onDisk = fs.readFileSync(file);
    // Line 10's first byte: after the first nine numbered lines.
    const byteStart = onDisk.indexOf(`${String(10).padStart(6)}\t`);
    const run = redactKeyBodyRun(file, { firstLine: 10, byteStart, texts: lines.slice(9, 14) });
    expect(run.texts).toEqual(Array(5).fill("[redacted: private key block]"));
    expect(run.redacted).toBe(1);
    const mime = ["attachment:", ...base64Rows(1200, 76)];
    const mimeFile = transcript(mime);
    const mimeStart = fs.readFileSync(mimeFile).indexOf(`${String(6).padStart(6)}\t`);
    expect(redactKeyBodyRun(mimeFile, { firstLine: 6, byteStart: mimeStart, texts: mime.slice(5, 9) }).redacted).toBe(
      0,
    );
    const missing = path.join(tempDir(), "gone.md");
    expect(redactKeyBodyRun(missing, { firstLine: 10, byteStart, texts: lines.slice(9, 11) }).redacted).toBe(1);
    expect(redactKeyBodyRun(missing, { firstLine: 1, byteStart: 0, texts: ["plain words"] }).texts).toEqual([
      "plain words",
    ]);
  });
});
