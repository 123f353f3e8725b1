/**
 * Search results go back to the model: every line shown is redacted (src/secret-guard/redact.ts) before it is
 * rendered, the lines of one transcript read together so a private key across lines is found whole. A long line is
 * shown as a window with `[…N bytes]` where it was cut; a random-looking run touching a cut is redacted too, since
 * the part of a secret that made it recognisable may be on the far side of the cut.
 */
import { PRIVATE_KEY } from "../secret-guard/private-keys.js";
import { CUT_TOKEN, redactCutEdge, redactLines } from "../secret-guard/redact.js";
import { redactKeyBodyLines } from "../transcripts/key-block-lines.js";
import type { ScanResult } from "./scan/scanner.js";

const CUT_BEFORE = /^\[…\d+ bytes\] /;
const CUT_AFTER = / \[…\d+ bytes\]$/;

/** The window's text between its cut markers, redacted at each cut edge. */
function redactEdges(text: string): { text: string; redacted: number } {
  const before = CUT_BEFORE.exec(text)?.[0] ?? "";
  const after = CUT_AFTER.exec(text)?.[0] ?? "";
  if (before === "" && after === "") return { text, redacted: 0 };
  let inner = text.slice(before.length, text.length - after.length);
  let redacted = 0;
  for (const [side, present] of [
    ["start", before !== ""],
    ["end", after !== ""],
  ] as const) {
    if (!present) continue;
    const edge = redactCutEdge(inner, side);
    inner = edge.text;
    redacted += edge.redacted;
  }
  return { text: before + inner + after, redacted };
}

/**
 * The hit lines of one transcript (`path`) redacted: secrets in the lines read together, then rows of a private key
 * whose BEGIN line is above the lines shown (src/transcripts/key-block-lines.ts).
 */
export function redactShownLines(
  path: string,
  lines: readonly { line: number; text: string }[],
): { texts: string[]; redacted: number; kinds: string[]; rows: string[] } {
  const found = redactLines(lines.map((l) => l.text));
  const rows = redactKeyBodyLines(
    path,
    lines.map((l, i) => ({ line: l.line, text: found.lines[i] ?? l.text })),
  );
  const kinds = rows.redacted > 0 ? [...new Set([...found.kinds, PRIVATE_KEY])] : found.kinds;
  return { texts: rows.texts, redacted: found.redacted + rows.redacted, kinds, rows: rows.rows };
}

/**
 * Redacts the lines of `result` in place (`pathOf` names the transcript of each file index); returns how many values
 * were replaced, and their kinds.
 */
export function redactHits(
  result: ScanResult,
  pathOf: (index: number) => string,
): { redacted: number; kinds: string[] } {
  let redacted = 0;
  const kinds = new Set<string>();
  for (const file of result.files) {
    const lines = file.hits.lines;
    const found = redactShownLines(pathOf(file.index), lines);
    redacted += found.redacted;
    for (const kind of found.kinds) kinds.add(kind);
    for (const [i, line] of lines.entries()) {
      const edges = redactEdges(found.texts[i] ?? line.text);
      line.text = edges.text;
      redacted += edges.redacted;
      if (edges.redacted > 0) kinds.add(CUT_TOKEN);
    }
  }
  return { redacted, kinds: [...kinds] };
}
