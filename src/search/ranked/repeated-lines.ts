/**
 * What hits before showed: a line's text as hits compare it (ownText, its cuts as one mark), a hit that only repeats
 * them (a paste, a file read again), a second directory listing, an attachment's bare note; the lines another unit of a
 * hit's message adds to it; each line shown once.
 */
import { readMarker } from "../../transcripts/transcript-format.js";
import type { HitLine } from "../hit-line.js";
import { ownText } from "./answer-kind.js";
import { lineBytes } from "./shown-line.js";

/**
 * A hit's lines with those of another unit of its message that it does not show yet (as context: a hit has one
 * answering line), the other's best line first, then the counterparts of an edit's lines it shows (what the edit
 * changed), then the rest, within `bytes` (each line with its number), in line order; and the bytes added.
 */
export function withLinesOf(
  shown: readonly HitLine[],
  more: readonly HitLine[],
  bytes: number,
): { lines: HitLine[]; bytes: number } {
  const have = new Set(shown.map((l) => l.line));
  // A line the hit shows the text of (a paragraph written twice in a message), as it is or cut at another place
  // (saidBefore), is not added again.
  const texts = new Set(shown.map((l) => lineText(l.text)));
  let left = bytes;
  const added: HitLine[] = [];
  const first = (l: HitLine) => (l.match ? 2 : l.counterpart ? 1 : 0);
  for (const l of [...more].sort((a, b) => first(b) - first(a))) {
    if (have.has(l.line) || saidBefore(lineText(l.text), texts)) continue;
    const size = lineBytes(l.line, l.text);
    if (size > left) continue;
    left -= size;
    texts.add(lineText(l.text));
    added.push({ ...l, match: false });
  }
  return { lines: [...shown, ...added].sort((a, b) => a.line - b.line), bytes: bytes - left };
}

/**
 * A shown line's text without its number (an attachment's `12: `, a read tool's `00012| `, a grep's `Line 12: `,
 * answer-kind.ts ownText) and spacing, a cut's count of the bytes left out (shown-line.ts) as `…`: two copies of a
 * long line are cut where their budgets end.
 */
export const lineText = (text: string) =>
  ownText(text)
    .replace(/\[…\d+ bytes\]/g, CUT)
    .replace(/\s+/g, " ")
    .trim();

/** Where a shown line was cut, in its text as `said` holds it. */
const CUT = "…";

/** Shown text this long that hits before showed is a repeat (a paste, a file read again), not a second answer. */
const REPEAT_CHARS = 60;

/** The share of a hit's text that hits before showed for it to be a repeat: a copy with a line more or a call above. */
const REPEAT_SHARE = 0.75;

/**
 * Whether a hit shows what hits before it showed (`said`, their lines' text): each line holding the query's words (and
 * each counterpart of an edit's line), and most of its text, at least REPEAT_CHARS of it. A short line said twice
 * ("Thanks!") may well be two answers.
 */
export function repeats(lines: readonly HitLine[], said: ReadonlySet<string>): boolean {
  let shared = 0;
  let all = 0;
  for (const l of lines) {
    const text = lineText(l.text);
    all += text.length;
    if (saidBefore(text, said)) shared += text.length;
    else if (l.match || l.counterpart) return false;
  }
  return shared >= REPEAT_CHARS && shared >= all * REPEAT_SHARE;
}

/** A cut line's text at least this long, within a line said before or holding one said cut, is a repeat of it. */
const WITHIN_CHARS = 40;

/** A shown line's longest stretch between its cuts. */
const uncut = (text: string) => text.split(CUT).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), "");

/**
 * Whether a line's text was said before: as it is, or cut at another place (the same long line of a copy cut to
 * another budget, `<pro […51 bytes]` in one and `<project-sl […49 bytes]` in the other): a cut line's text within a
 * line said, or a line said cut within it. A line shown whole is a repeat only as it is: it may hold more than a cut
 * line showed of it.
 */
function saidBefore(text: string, said: ReadonlySet<string>): boolean {
  if (said.has(text)) return true;
  if (!text.includes(CUT)) return false;
  const part = uncut(text);
  if (part.length < WITHIN_CHARS) return false;
  for (const s of said) {
    const other = uncut(s);
    if (other.length < WITHIN_CHARS) continue;
    if (other.includes(part) || (s.includes(CUT) && part.includes(other))) return true;
  }
  return false;
}

/**
 * A hit's lines without those that hits before it showed (`said`, as they are or cut at another place: saidBefore),
 * its best line kept unless `best` is false (lines added to another hit are context there): a paste or a file read
 * again shows its best line, not the same neighbours twice. On the coding recall evaluation's questions to tune on
 * that left the needles shown at 2,862 bytes a question against 2,931 (session named 3,101 against 3,213;
 * ranking-profile.ts, lines).
 */
export function unsaid(lines: readonly HitLine[], said: ReadonlySet<string>, best = true): HitLine[] {
  return lines.filter((l) => (best && l.match) || !saidBefore(lineText(l.text), said));
}

/**
 * Each line's text shown once, by the first hit that shows it (the best line of each hit kept): a line another unit of
 * its message added to a hit may stand among a later hit's context.
 */
export function shownOnce(hits: readonly { lines: HitLine[] }[]): void {
  const said = new Set<string>();
  for (const h of hits) {
    h.lines = withoutTitleTwice(unsaid(h.lines, said));
    for (const l of h.lines) said.add(lineText(l.text));
  }
}

/** A tool input's description, which OpenCode shows as the call's title: `description: Run the tests`. */
const DESCRIPTION = /^description: (.+)$/;

/**
 * A hit's lines without a call's `description:` line when the hit shows the call's line, which holds the same words
 * as its title (`[tool bash · completed · "Run the tests"]`); never the line that matched.
 */
function withoutTitleTwice(lines: HitLine[]): HitLine[] {
  const calls = lines.map((l) => lineText(l.text)).filter((text) => readMarker(text)?.kind === "tool");
  if (calls.length === 0) return lines;
  return lines.filter((l) => {
    const title = DESCRIPTION.exec(lineText(l.text))?.[1];
    return l.match || title === undefined || !calls.some((call) => call.endsWith(` · ${JSON.stringify(title)}]`));
  });
}

/** A line that is only a path (an entry of a glob's, an `ls`'s or an attached folder's listing). */
const PATH_ENTRY = /^[\w@.~/-]*[/.][\w@.~/-]*$/;

/**
 * Whether a hit shows a directory listing: three paths or more, and most of its lines. Its entries hold every path
 * part of a question about files, so a second listing (another part of it, a copy, another folder's) takes no place.
 */
export function isListing(lines: readonly HitLine[]): boolean {
  const paths = lines.filter((l) => PATH_ENTRY.test(lineText(l.text))).length;
  return paths >= 3 && paths >= lines.length * REPEAT_SHARE;
}

/** A line that is only an attachment's note ("Called the Read tool with the following input: {…}"). */
export const ATTACHMENT_NOTE = /^Called the \S+ tool with the following input: /;
