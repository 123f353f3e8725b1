/**
 * The text of a ranked result: hits best first, each under a header (rank, session, title, kind, time) with its
 * exact lines as `<line>: text` (the line that answers) and `<line>- text` (context), within a byte budget, and the
 * coverage line: what was searched, what the index left out, and how to get it. The header names the session once
 * (memory_session_read takes its id and a line), so its lines carry only their numbers.
 */
import { byteLength } from "../../bounded-output.js";
import { formatBytes } from "../../human-units.js";
import { visibleTitle } from "../../one-line.js";
import { iso } from "../../transcripts/render/message.js";
import { type ArgNames, COVERAGE_RESERVE_BYTES, SHOWN_LINE_BYTES, smallerOutput } from "../limits.js";
import { explainLine } from "./hit-explain.js";
import type { RankedHit, RankedResult } from "./ranked-search.js";
import { answerWindow, clip, numbered } from "./shown-line.js";

export interface RankedCoverage {
  query: string;
  /** The query's words, folded: where a long answering line is shown from. */
  words: readonly string[];
  dropped: readonly string[];
  where: string;
  inScope: number;
  inScopeBytes: number;
  indexedNow: number;
  leftOut: number;
  leftOutBytes: number;
  failed: number;
  filters: string[];
  /** The dates the query names, as it wrote them (named-dates.ts). */
  dates: string[];
  limit: number;
  perSession?: number;
  elapsedMs: number;
  /** What the last line calls the request's arguments. */
  args: ArgNames;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Characters of a session's title in a hit's header. */
const TITLE_CHARS = 48;

/** A hit's header; the session's title and project only with the session's first hit (the next ones say its id). */
function header(rank: number, hit: RankedHit, showScope: boolean, first: boolean): string {
  const title = first && hit.file.title ? ` · "${visibleTitle(hit.file.title).slice(0, TITLE_CHARS)}"` : "";
  const scope = first && showScope && hit.file.scope ? ` · ${hit.file.scope}` : "";
  const kind = hit.tool ? `${hit.role} (${hit.tool})` : hit.role;
  const when = hit.time !== null ? ` · ${iso(hit.time)}` : "";
  // The session id is what memory_session_read takes, with a shown line's number as its offset.
  return `## ${rank} · ${hit.file.sessionID}${title}${scope} · ${kind}${when}`;
}

function coverageLine(c: RankedCoverage, result: RankedResult, shown: number, hidden: number, maxBytes: number) {
  const parts = [
    `ranked: searched ${plural(c.inScope - c.leftOut, "transcript")} of ${plural(c.inScope, "transcript")} in ${c.where} (${formatBytes(c.inScopeBytes)}) with the search index in ${(c.elapsedMs / 1000).toFixed(2)} s`,
    `${plural(shown, "hit")} shown, best first, of ${plural(result.candidates, "matching unit")} ranked`,
  ];
  if (result.window) {
    parts.push(
      `common words only: looked for among the newest ${plural(result.window.units, "indexed unit")} of ${result.window.of.toLocaleString("en-US")}; add a rarer word, or pass ${c.args.session}, ${c.args.filters}, to reach older ones`,
    );
  }
  if (c.dropped.length > 0) parts.push(`common words not searched for: ${c.dropped.slice(0, 10).join(", ")}`);
  if (c.filters.length > 0) parts.push(`filtered by ${c.filters.join(", ")}`);
  if (c.dates.length > 0) {
    parts.push(`weighed toward what was written on ${c.dates.join(", ")} (the dates named, a day either side)`);
  }
  if (c.indexedNow > 0) parts.push(`${plural(c.indexedNow, "transcript")} indexed by this search`);
  if (c.leftOut > 0) {
    parts.push(
      `${plural(c.leftOut, "transcript")} (${formatBytes(c.leftOutBytes)}) not in the index yet and not searched: run "opencode-ledger doctor --fix" to index them, or search with mode "literal"`,
    );
  }
  if (c.failed > 0) parts.push(`${plural(c.failed, "transcript")} could not be indexed and were not searched`);
  if (result.cappedBySession > 0 && c.perSession !== undefined) {
    parts.push(
      `${plural(result.cappedBySession, "more hit")} in sessions shown (${c.perSession} each at most): pass ${c.args.session}`,
    );
  }
  if (result.stale > 0)
    parts.push(`${plural(result.stale, "hit")} skipped: the transcript changed since it was indexed`);
  if (result.repeated > 0) parts.push(`${plural(result.repeated, "hit")} repeating one shown left out`);
  if (shown >= c.limit) parts.push(`limit of ${plural(c.limit, "hit")} reached: raise ${c.args.limit} for more`);
  if (hidden > 0) {
    parts.push(
      `output cut at ${maxBytes.toLocaleString("en-US")} bytes: ${plural(hidden, "more hit")} not shown; ${smallerOutput(c.args)}`,
    );
  }
  return `[search] ${parts.join(" · ")}`;
}

export function renderRanked(result: RankedResult, coverage: RankedCoverage, maxBytes: number): string {
  const budget = Math.max(0, maxBytes - COVERAGE_RESERVE_BYTES.ranked);
  const showScope = coverage.where === "every project";
  const out: string[] = [];
  let used = 0;
  let shown = 0;
  let hidden = 0;
  const named = new Set<string>();
  for (const [i, hit] of result.hits.entries()) {
    const block = [
      header(i + 1, hit, showScope, !named.has(hit.file.sessionID)),
      ...(hit.explain ? [explainLine(hit.explain)] : []),
      ...hit.lines.map((l) =>
        numbered(
          l.line,
          l.match
            ? answerWindow(l.text, coverage.words, SHOWN_LINE_BYTES.match)
            : clip(l.text, SHOWN_LINE_BYTES.context),
          l.match,
        ),
      ),
    ];
    const size = block.reduce((sum, line) => sum + byteLength(line) + 1, 0);
    if (used + size > budget) {
      hidden++;
      continue;
    }
    out.push(...block);
    named.add(hit.file.sessionID);
    used += size;
    shown++;
  }
  if (result.hits.length === 0) out.push(`No matches for ${JSON.stringify(coverage.query)}.`);
  out.push(coverageLine(coverage, result, shown, hidden, maxBytes));
  return out.join("\n");
}
