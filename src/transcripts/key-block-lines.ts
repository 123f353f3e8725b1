/**
 * The body lines of a private key whose BEGIN line is out of view. A search hit or a read window can show lines from
 * the middle of a PEM key without its armour; alone they are ordinary-looking base64, which the guard rightly lets
 * pass. The transcript knows better: a shown line that looks like a key body line (a full row of base64, or a shorter
 * one right before an END line) is looked up in the file, and it is redacted when the lines above it run back, over
 * base64 rows (and armour headers) only, to the BEGIN line of a private key. Certificates, public keys and base64
 * that no BEGIN line heads pass as they are.
 */
import fs from "node:fs";
import { openNoFollow } from "../private-file.js";
import { beginsPrivateKey, isPemArmour, PRIVATE_KEY } from "../secret-guard/private-keys.js";
import { looksRandomToken } from "../secret-guard/randomness.js";
import { redactionMarker } from "../secret-guard/redact.js";

export interface ShownLine {
  /** 1-based line number in the transcript file. */
  readonly line: number;
  /** The line's text as shown, without its number. */
  readonly text: string;
}

/** Rows above a line that may belong to its key: an 8192-bit RSA key is about 100 rows of 64. */
const MAX_ROWS = 160;
/** Bytes of each line kept while the file is read: a key row is at most 76 characters, an armour line about 60. */
const KEPT_BYTES = 200;
const CHUNK = 1 << 16;

// A gutter the text may carry: indentation, or a line number a tool printed (`   12| `, `12\t`, `12: `).
const GUTTER = /^[ \t]*(?:\d{1,9}[|:\t→][ \t]?)?[ \t]*/;
// A row of a PEM body: base64, at most 76 characters (64 in PEM and GnuPG, 70 in OpenSSH, 76 in MIME).
const ROW = /^[A-Za-z0-9+/]{1,76}={0,2}$/;
// An armour header inside a block (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: …`, `Version: GnuPG v2`, `Comment: …`).
const HEADER = /^[A-Za-z][A-Za-z0-9-]{0,30}: /;

const content = (text: string) => text.replace(GUTTER, "").trimEnd();
const isRow = (text: string) => ROW.test(content(text));
// A full row: what a key's body lines are, except the last.
const isFullRow = (text: string) => {
  const row = content(text);
  return row.length >= 60 && ROW.test(row) && looksRandomToken(row);
};

/** The shown lines worth a look in the file: full rows, and the last row before an END line. */
function candidates(lines: readonly ShownLine[]): ShownLine[] {
  return lines.filter((shown, i) => {
    // A full row is 60 characters at least, and what the gutter takes off only shortens it: most lines are shorter.
    if (shown.text.length >= 60 && isFullRow(shown.text)) return true;
    const next = lines[i + 1];
    return next !== undefined && next.line === shown.line + 1 && next.text.includes("-----END ") && isRow(shown.text);
  });
}

/**
 * Whether the row at the end of `above` (the lines of the file before it, oldest first, then the row itself) lies
 * in a private key block: going up, only rows, armour headers and blank lines, then a private key's BEGIN line, and a
 * random-looking full row among them.
 */
function insideKeyBlock(above: readonly string[]): boolean {
  let random = false;
  // Armour headers come right after the BEGIN line: going up, no row may follow one.
  let headers = false;
  for (let i = above.length - 1; i >= 0; i--) {
    const text = content(above[i] as string);
    if (beginsPrivateKey(text)) return random;
    if (isPemArmour(text)) return false;
    if (ROW.test(text)) {
      if (headers) return false;
      random ||= text.length >= 16 && looksRandomToken(text);
      continue;
    }
    if (HEADER.test(text)) headers = true;
    else if (text !== "") return false;
  }
  return false;
}

/**
 * For each wanted line of `file`, it and the MAX_ROWS lines before it (numbers taken off, cut to KEPT_BYTES); read in
 * one pass up to `last`. Undefined when the file cannot be opened.
 */
function linesBefore(file: string, wanted: ReadonlySet<number>, last: number): Map<number, string[]> | undefined {
  const found = new Map<number, string[]>();
  // The last MAX_ROWS + 1 lines, oldest first from `next`.
  const ring: string[] = new Array(MAX_ROWS + 1).fill("");
  let next = 0;
  let fd: number;
  try {
    fd = openNoFollow(file, fs.constants.O_RDONLY);
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(CHUNK);
    let line = 1;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let position = 0;
    const finish = () => {
      const raw = Buffer.concat(pending).toString("utf8");
      const text = raw.replace(/^ {0,32}[0-9]{1,31}\t/, "");
      ring[next] = text;
      next = (next + 1) % ring.length;
      if (wanted.has(line)) found.set(line, [...ring.slice(next), ...ring.slice(0, next)]);
      pending = [];
      pendingBytes = 0;
      line++;
    };
    while (line <= last) {
      const read = fs.readSync(fd, buffer, 0, CHUNK, position);
      if (read <= 0) break;
      position += read;
      let start = 0;
      while (line <= last) {
        const at = buffer.indexOf(0x0a, start);
        const end = at === -1 || at >= read ? read : at;
        // The number prefix takes up to 64 bytes; past that, only whether the line is short matters.
        const keep = Math.min(end, start + Math.max(0, KEPT_BYTES + 64 - pendingBytes));
        if (keep > start) pending.push(Buffer.from(buffer.subarray(start, keep)));
        pendingBytes += end - start;
        if (end === read) break;
        finish();
        start = at + 1;
      }
    }
    if (line <= last && pendingBytes > 0) finish();
  } finally {
    fs.closeSync(fd);
  }
  return found;
}

/** `lines` with the rows in `hidden` (line numbers) and each row right below a hidden one replaced by the marker. */
function hideRows(
  lines: readonly ShownLine[],
  hidden: Set<number>,
): { texts: string[]; redacted: number; rows: string[] } {
  // A row right below a hidden one is the same key's (its last row, with the END line out of view).
  lines.forEach((shown, i) => {
    const previous = lines[i - 1];
    if (previous?.line === shown.line - 1 && hidden.has(previous.line) && isRow(shown.text)) hidden.add(shown.line);
  });
  const texts = lines.map((l) => l.text);
  let redacted = 0;
  const marker = redactionMarker(PRIVATE_KEY);
  const rows: string[] = [];
  lines.forEach((shown, i) => {
    if (!hidden.has(shown.line)) return;
    rows.push(content(shown.text));
    texts[i] = marker;
    if (!hidden.has(shown.line - 1) || lines[i - 1]?.line !== shown.line - 1) redacted++;
  });
  return { texts, redacted, rows };
}

/**
 * The shown lines of one transcript with each key body line whose block starts above them replaced by
 * `[redacted: private key block]`; `redacted` counts each run of such lines once, `rows` are the hidden rows' text.
 * Reads the file only when a shown line looks like a key row, and then up to the last such line.
 */
export function redactKeyBodyLines(
  file: string,
  lines: readonly ShownLine[],
): { texts: string[]; redacted: number; rows: string[] } {
  const rows = candidates(lines);
  if (rows.length === 0) return { texts: lines.map((l) => l.text), redacted: 0, rows: [] };
  const wanted = new Set(rows.map((r) => r.line));
  const above = linesBefore(file, wanted, Math.max(...wanted));
  const hidden = new Set<number>();
  for (const row of rows) {
    // A file that cannot be read back (removed since it was searched) cannot clear a row: it is hidden.
    const context = above?.get(row.line);
    if (above === undefined || (context && insideKeyBlock(context))) hidden.add(row.line);
  }
  return hideRows(lines, hidden);
}

/** Bytes read back before a run of lines: MAX_ROWS numbered rows of a key and their newlines, with room to spare. */
const BACK_BYTES = MAX_ROWS * 96;

/**
 * The same for consecutive lines of `file` (`texts`, numbers taken off) whose first, line `firstLine`, starts at byte
 * `byteStart`: only the bytes just before it are read, as the index does unit by unit while it reads a transcript.
 */
export function redactKeyBodyRun(
  file: string,
  run: { readonly firstLine: number; readonly byteStart: number; readonly texts: readonly string[] },
): { texts: string[]; redacted: number; rows: string[] } {
  const lines = run.texts.map((text, i) => ({ line: run.firstLine + i, text }));
  const rows = candidates(lines);
  if (rows.length === 0) return { texts: [...run.texts], redacted: 0, rows: [] };
  const before = linesJustBefore(file, run.byteStart);
  const hidden = new Set<number>();
  for (const row of rows) {
    const own = run.texts.slice(0, row.line - run.firstLine + 1);
    if (before === undefined || insideKeyBlock([...before, ...own].slice(-(MAX_ROWS + 1)))) hidden.add(row.line);
  }
  return hideRows(lines, hidden);
}

/** The whole lines in the BACK_BYTES before `byteStart` (numbers taken off), oldest first; undefined if unreadable. */
function linesJustBefore(file: string, byteStart: number): string[] | undefined {
  const from = Math.max(0, byteStart - BACK_BYTES);
  const buffer = Buffer.alloc(byteStart - from);
  try {
    const fd = openNoFollow(file, fs.constants.O_RDONLY);
    try {
      fs.readSync(fd, buffer, 0, buffer.length, from);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const lines = buffer.toString("utf8").split("\n");
  lines.pop(); // the newline that ends the line before `byteStart`
  // The first piece may be the tail of a longer line: set aside, it neither opens nor continues a key.
  if (from > 0) lines[0] = "\u0000";
  return lines.map((line) => line.replace(/^ {0,32}[0-9]{1,31}\t/, ""));
}
