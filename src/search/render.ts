/**
 * The one renderer of a search: what it found (found.ts), redacted, as the tool's text, within a byte budget, with a
 * last line that says what was searched, how, and everything that was left out and why.
 *
 * Ranked hits stand under the heading of their session (`# ses_… · "title"`, the title the first time the session is
 * named), hits of one session in a row under one heading: each hit is a header (rank, kind, time) with its exact lines
 * as `<line>: text` (the line that answers) and `<line>- text` (context). The heading names the session once
 * (memory_session_read takes its id and a line), so a hit's lines carry only their numbers. A ranked search the scan
 * answered (the index could not) is shown in the same form, one hit per transcript, so every reader of a ranked search
 * reads one format. A literal or regex search shows its matches per session under a header (id, title, file), each
 * line as `<file>:<line>: text` (a match) or `<file>-<line>- text` (context).
 */
import path from "node:path";
import { byteLength } from "../bounded-output.js";
import { visibleTitle } from "../one-line.js";
import { redactionNote } from "../secret-guard/redact.js";
import type { TranscriptFile } from "../transcripts/listing.js";
import { iso } from "../transcripts/render/message.js";
import type { Found } from "./found.js";
import { COVERAGE_RESERVE_BYTES } from "./limits.js";
import { explainLine } from "./ranked/hit-explain.js";
import { type RankedCoverage, rankedCoverageLine } from "./ranked/ranked-coverage.js";
import type { RankedHit, RankedResult } from "./ranked/ranked-search.js";
import { numbered } from "./ranked/shown-line.js";
import type { Redacted } from "./redact-hits.js";
import type { ScanResult } from "./scan/scanner.js";
import { type Coverage, scanCoverageLine } from "./scan-coverage.js";

/** Characters of a session's title in a ranked hit's header, and in a literal or regex search's. */
const RANKED_TITLE_CHARS = 48;
const LINES_TITLE_CHARS = 120;

/** `found` as the tool's text within `maxBytes` (the last line always fits), with what the redaction replaced. */
export function renderFound(found: Found, maxBytes: number, redacted?: Redacted): string {
  const text =
    found.kind === "ranked"
      ? renderRanked(found.result, found.coverage, maxBytes)
      : renderLines(found.files, found.result, found.coverage, maxBytes);
  const note = redacted ? redactionNote(redacted.redacted, redacted.kinds) : "";
  return note ? `${text}\n${note}` : text;
}

/**
 * The heading of the ranked hits of one session in a row: its id (what memory_session_read takes, with a shown line's
 * number as its offset), and its title and project the first time it is named (the next times, its id alone).
 */
function sessionHeading(file: TranscriptFile, showScope: boolean, first: boolean): string {
  const title = first && file.title ? ` · "${visibleTitle(file.title).slice(0, RANKED_TITLE_CHARS)}"` : "";
  const scope = first && showScope && file.scope ? ` · ${file.scope}` : "";
  return `# ${file.sessionID}${title}${scope}`;
}

/**
 * What a unit is and when it was written (UTC, to the minute), after its rank in a ranked hit's header; the day
 * only when the hit above was written on another (`2026-06-29T10:37Z`, then `10:41Z`).
 */
function unitTail(hit: RankedHit, above: RankedHit | undefined): string {
  const kind = hit.tool ? `${hit.role} (${hit.tool})` : hit.role;
  if (hit.time === null) return ` · ${kind}`;
  // `2026-06-29T10:37:48Z` -> `2026-06-29T10:37Z`: the seconds tell the reader nothing a line number does not.
  const minute = `${iso(hit.time).slice(0, 16)}Z`;
  const sameDay = above?.time != null && iso(above.time).slice(0, 10) === minute.slice(0, 10);
  return ` · ${kind} · ${sameDay ? minute.slice(11) : minute}`;
}

/** Ranked hits best first, a whole hit or none of it within the budget. */
function renderRanked(result: RankedResult, coverage: RankedCoverage, maxBytes: number): string {
  const budget = Math.max(0, maxBytes - COVERAGE_RESERVE_BYTES.ranked);
  const showScope = coverage.where === "every project";
  const out: string[] = [];
  let used = 0;
  let shown = 0;
  let hidden = 0;
  const named = new Set<string>();
  let shownAbove: RankedHit | undefined;
  for (const [i, hit] of result.hits.entries()) {
    // A session's hits in a row stand under one heading: the bytes of its id saved on every hit after the first.
    const sameSession = shownAbove?.file.sessionID === hit.file.sessionID;
    const block = [
      ...(sameSession ? [] : [sessionHeading(hit.file, showScope, !named.has(hit.file.sessionID))]),
      `## ${i + 1}${unitTail(hit, shownAbove)}`,
      ...(hit.explain ? [explainLine(hit.explain)] : []),
      // Each line already within a shown line's bytes (ranked-mode.ts), and redacted at its edges.
      ...hit.lines.map((l) => numbered(l.line, l.text, l.match)),
    ];
    const size = block.reduce((sum, line) => sum + byteLength(line) + 1, 0);
    if (used + size > budget) {
      hidden++;
      continue;
    }
    out.push(...block);
    shownAbove = hit;
    named.add(hit.file.sessionID);
    used += size;
    shown++;
  }
  if (result.hits.length === 0) out.push(`No matches for ${JSON.stringify(coverage.query)}.`);
  out.push(rankedCoverageLine(coverage, result, shown, hidden, maxBytes));
  return out.join("\n");
}

/** A literal or regex search's header for one transcript: session, title, project, file. */
function linesHeader(file: TranscriptFile, showScope: boolean): string {
  const title = file.title ? ` · "${visibleTitle(file.title).slice(0, LINES_TITLE_CHARS)}"` : "";
  const scope = showScope && file.scope ? ` · ${file.scope}` : "";
  return `## ${file.sessionID}${title}${scope} · ${file.relative}`;
}

/**
 * Matching lines per transcript, line by line within the budget. A ranked search the scan answered shows each
 * transcript as a ranked hit (newest first), its lines by number alone.
 */
function renderLines(
  targets: readonly TranscriptFile[],
  result: ScanResult,
  coverage: Coverage,
  maxBytes: number,
): string {
  const budget = Math.max(0, maxBytes - COVERAGE_RESERVE_BYTES.lines);
  const showScope = coverage.where === "every project";
  const rankedForm = coverage.fallback !== undefined;
  const out: string[] = [];
  let used = 0;
  let hiddenMatches = 0;
  let full = false;
  for (const [rank, { index, hits }] of result.files.entries()) {
    const file = targets[index] as TranscriptFile;
    const name = path.basename(file.path);
    const heading = rankedForm
      ? [sessionHeading(file, showScope, true), `## ${rank + 1}`]
      : [linesHeader(file, showScope)];
    const shown = hits.lines.map((l) =>
      rankedForm
        ? numbered(l.line, l.text, l.match)
        : `${name}${l.match ? ":" : "-"}${l.line}${l.match ? ":" : "-"} ${l.text}`,
    );
    const block = [...heading, ...shown];
    for (const [i, line] of block.entries()) {
      const size = byteLength(line) + 1;
      if (full || used + size > budget) {
        full = true;
        if (i >= heading.length && hits.lines[i - heading.length]?.match) hiddenMatches++;
        continue;
      }
      out.push(line);
      used += size;
    }
  }
  if (result.files.length === 0) out.push(`No matches for ${JSON.stringify(coverage.query)}.`);
  out.push(scanCoverageLine(coverage, result, result.files.length, { matches: hiddenMatches, maxBytes }));
  return out.join("\n");
}
