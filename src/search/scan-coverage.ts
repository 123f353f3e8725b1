/**
 * The last line of a literal or regex search (or of a ranked search the scan answered): what was searched, how, and
 * everything that was left out and why.
 */
import { formatBytes, grouped, partOf, plural } from "../human-units.js";
import { type ArgNames, smallerOutput } from "./limits.js";
import type { IndexCoverage } from "./ranked/index-rule-out.js";
import type { ScanResult } from "./scan/scanner.js";

/** What the search sketches did: how many transcripts they ruled out, or why they were not asked. */
export type SketchCoverage = { skipped: number; withoutSketch: number } | { unused: string };

const REBUILD = '"opencode-ledger doctor --fix" rebuilds the index';

export interface Coverage {
  query: string;
  /** "ripgrep 13.0.0", "built-in scanner, 2 threads"… */
  engine: string;
  /** Why ripgrep was not used, when it was wanted. */
  engineNote?: string;
  /** Why a ranked search was answered by the scan (the index could not answer). */
  fallback?: string;
  /** What makes the index answer again (default: doctor --fix rebuilds it). */
  fallbackFix?: string;
  /** Transcripts in scope (before the byte budget). */
  inScope: number;
  /** Transcripts handed to the engine; bytes of the transcripts searched (ruled out by a sketch or read). */
  scanned: number;
  scannedBytes: number;
  sketch: SketchCoverage;
  /** What the search index ruled out before the sketches were asked (literal and regex searches). */
  index?: IndexCoverage;
  /** Bytes actually read: sketches, uncovered tails, and what the engine read. */
  bytesRead: number;
  /** Left out by the scan byte budget. */
  overBudget: number;
  overBudgetBytes: number;
  budgetBytes: number;
  elapsedMs: number;
  limit: number;
  maxLimit: number;
  timeBudgetMs: number;
  /** "this project", "every project", "session ses_…". */
  where: string;
  /** What the last line calls the request's arguments. */
  args: ArgNames;
}

export function scanCoverageLine(
  c: Coverage,
  result: ScanResult,
  sessions: number,
  hidden: { matches: number; maxBytes: number },
): string {
  const notSearched = c.scanned - result.searched - result.unreadable.length;
  const ruledOut = c.index && "ruledOut" in c.index ? c.index.ruledOut : 0;
  const skipped = ("skipped" in c.sketch ? c.sketch.skipped : 0) + ruledOut;
  const parts = [
    ...(c.fallback
      ? [
          `ranked search unavailable (${c.fallback.slice(0, 300)}): fell back to the scan, lines holding any of the words, newest sessions first; ${c.fallbackFix ?? REBUILD}`,
        ]
      : []),
    `searched ${partOf(result.searched + skipped, c.inScope, "transcript")} in ${c.where} (${formatBytes(c.scannedBytes)}) in ${(c.elapsedMs / 1000).toFixed(2)} s with ${c.engine}`,
    ...(ruledOut > 0 ? [`${plural(ruledOut, "transcript")} ruled out by the search index`] : []),
    sketchPart(c.sketch, c.bytesRead, ruledOut),
    `${plural(result.matches, "match", "matches")} in ${plural(sessions, "session")}`,
  ];
  if (c.engineNote) parts.push(c.engineNote.slice(0, 200));
  if (result.capped) {
    parts.push(
      `stopped at the limit of ${plural(c.limit, "match", "matches")}: more may exist; narrow the query or raise ${c.args.limit} (at most ${c.maxLimit})`,
    );
  }
  if (result.timedOut) {
    parts.push(
      `stopped after the time budget of ${(c.timeBudgetMs / 1000).toFixed(0)} s${notSearched > 0 ? ` with ${plural(notSearched, "transcript")} not searched` : ""}; narrow the search with ${c.args.session} or a more specific query`,
    );
  }
  if (c.overBudget > 0) {
    parts.push(
      `${plural(c.overBudget, "older transcript")} (${formatBytes(c.overBudgetBytes)}) not searched: over the scan budget of ${formatBytes(c.budgetBytes)}; name one with ${c.args.session} to search it`,
    );
  }
  if (result.unreadable.length > 0) {
    const codes = [...new Set(result.unreadable.map((u) => u.error))].slice(0, 3).join(", ");
    parts.push(`${plural(result.unreadable.length, "transcript")} could not be read (${codes})`);
  }
  if (hidden.matches > 0) {
    parts.push(
      `output cut at ${grouped(hidden.maxBytes)} bytes: ${plural(hidden.matches, "more match", "more matches")} not shown; ${smallerOutput(c.args)} or narrow the query`,
    );
  }
  return `[search] ${parts.join(" · ")}`;
}

/** What the sketches did; "0 ruled out" is said only when nothing else (the index) ruled a transcript out. */
function sketchPart(sketch: SketchCoverage, bytesRead: number, indexRuledOut: number): string {
  const read = `${formatBytes(bytesRead)} read`;
  if ("unused" in sketch) return `search sketches not used (${sketch.unused}): ${read}`;
  const said: string[] = [];
  if (sketch.skipped > 0 || (sketch.withoutSketch === 0 && indexRuledOut === 0)) {
    said.push(
      `${plural(sketch.skipped, "transcript")} ruled out by ${sketch.skipped === 1 ? "its" : "their"} search sketch`,
    );
  }
  if (sketch.withoutSketch > 0)
    said.push(`${plural(sketch.withoutSketch, "transcript")} without a usable search sketch`);
  return said.length > 0 ? `${said.join(", ")}: ${read}` : read;
}
