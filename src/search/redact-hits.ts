/**
 * Search results go back to the model: the one redaction step of a search, on its hits before they are rendered
 * (src/secret-guard/redact.ts). The lines of one hit are read together so a private key across lines is found whole,
 * and the rows of a key whose BEGIN line is above the lines shown are found from the transcript. A long line is shown
 * as a window with `[…N bytes]` where it was cut; a random-looking run touching a cut is redacted too, since the part
 * of a secret that made it recognisable may be on the far side of the cut. The sessions' titles are redacted with
 * them, and so is what the result says back of the request (a query holding a secret is not echoed).
 */
import { PRIVATE_KEY } from "../secret-guard/private-keys.js";
import { CUT_TOKEN, redactCutEdge, redactLines, redactSecrets } from "../secret-guard/redact.js";
import { redactKeyBodyLines } from "../transcripts/key-block-lines.js";
import type { TranscriptFile } from "../transcripts/listing.js";
import { type Found, hitsOf } from "./found.js";

const CUT_BEFORE = /^\[…\d+ bytes\] /;
const CUT_AFTER = / \[…\d+ bytes\]$/;

/** What a redaction replaced: how many values, and their kinds in the order found. */
export interface Redacted {
  redacted: number;
  kinds: string[];
}

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
 * What a result says back of its request, through `redact`: the query (its "No matches" line), and the free text of
 * its last line (a ranked search's words left out, words no transcript holds, and dates; a scan's reasons, which an
 * error's message may fill with the query's words).
 */
function redactEchoed(found: Found, redact: (text: string) => string): void {
  found.coverage.query = redact(found.coverage.query);
  if (found.kind === "ranked") {
    const ranked = found.coverage;
    ranked.dropped = ranked.dropped.map(redact);
    ranked.absent = ranked.absent.map(redact);
    ranked.dates = ranked.dates.map(redact);
    ranked.filters = ranked.filters.map(redact);
    return;
  }
  const scan = found.coverage;
  if (scan.fallback !== undefined) scan.fallback = redact(scan.fallback);
  if (scan.fallbackFix !== undefined) scan.fallbackFix = redact(scan.fallbackFix);
  if (scan.engineNote !== undefined) scan.engineNote = redact(scan.engineNote);
  if ("unused" in scan.sketch) scan.sketch = { unused: redact(scan.sketch.unused) };
  if (scan.index && "unused" in scan.index) scan.index = { unused: redact(scan.index.unused) };
}

/**
 * The hit lines of one transcript (`path`) redacted: secrets in the lines read together, then rows of a private key
 * whose BEGIN line is above the lines shown (src/transcripts/key-block-lines.ts).
 */
export function redactShownLines(
  path: string,
  lines: readonly { line: number; text: string }[],
): { texts: string[]; redacted: number; kinds: string[] } {
  const found = redactLines(lines.map((l) => l.text));
  const rows = redactKeyBodyLines(
    path,
    lines.map((l, i) => ({ line: l.line, text: found.lines[i] ?? l.text })),
  );
  const kinds = rows.redacted > 0 ? [...new Set([...found.kinds, PRIVATE_KEY])] : found.kinds;
  return { texts: rows.texts, redacted: found.redacted + rows.redacted, kinds };
}

/**
 * Redacts the lines and the titles `found` shows, and what it says back of the request, in place; returns how many
 * values were replaced, and their kinds.
 */
export function redactFound(found: Found): Redacted {
  let redacted = 0;
  const kinds = new Set<string>();
  const echo = (text: string) => {
    const r = redactSecrets(text);
    redacted += r.redacted;
    for (const kind of r.kinds) kinds.add(kind);
    return r.text;
  };
  redactEchoed(found, echo);
  const hits = hitsOf(found);
  // Every hit's lines are cut to their windows already (the scan's, ranked-mode.ts's): the edges are those shown.
  for (const hit of hits) {
    const shown = redactShownLines(hit.file.path, hit.lines);
    redacted += shown.redacted;
    for (const kind of shown.kinds) kinds.add(kind);
    for (const [i, line] of hit.lines.entries()) {
      const edges = redactEdges(shown.texts[i] ?? line.text);
      line.text = edges.text;
      redacted += edges.redacted;
      if (edges.redacted > 0) kinds.add(CUT_TOKEN);
    }
  }
  // A session's title once, whatever the number of its hits (a header shows it once).
  const titles = new Map<string, string>();
  for (const file of new Set<TranscriptFile>(hits.map((h) => h.file))) {
    if (!file.title) continue;
    const known = titles.get(file.sessionID);
    if (known !== undefined) {
      file.title = known;
      continue;
    }
    const title = redactSecrets(file.title);
    file.title = title.text;
    titles.set(file.sessionID, title.text);
    redacted += title.redacted;
    for (const kind of title.kinds) kinds.add(kind);
  }
  return { redacted, kinds: [...kinds] };
}
