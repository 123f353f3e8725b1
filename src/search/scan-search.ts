/**
 * The scan path of a transcript search: a literal or regex search, or a ranked one the index could not answer. The
 * index rules transcripts out first (one query, whatever their number), then their search sketches, then ripgrep
 * reads the rest when there is one and the query can be said to it, else the built-in scanner (and the scanner when
 * ripgrep fails), within a byte and a time budget; the matching lines are rendered with their coverage line.
 */
import { describeError, PREFIX } from "../errors.js";
import { attachTitles, type TranscriptFile } from "../transcripts/listing.js";
import { SKETCH_PARAMS, SketchProbe } from "../transcripts/sketch/sketch.js";
import type { CompiledQuery, QueryInput } from "./compiled-query.js";
import type { Found } from "./found.js";
import { clampTo, SEARCH_LIMITS, type SearchMode, SHOWN_LINE_BYTES, TOOL_ARG_NAMES } from "./limits.js";
import { prepareQuery } from "./prepare-query.js";
import { type IndexCoverage, ruleOutByIndex } from "./ranked/index-rule-out.js";
import { fallbackPattern } from "./ranked/ranked-mode.js";
import { scanWithRipgrep } from "./ripgrep/ripgrep.js";
import { emptyScanResult, type ScanOptions, type ScanResult, scanFiles } from "./scan/scanner.js";
import type { Coverage, SketchCoverage } from "./scan-coverage.js";
import type { SearchDeps, SearchOutcome, SearchRequest } from "./search.js";
import { filterBySketches } from "./sketch-filter.js";

/** Scan budgets: enough for thousands of sessions, bounded so one search cannot hold the agent for long. */
export const SCAN_BYTES_BUDGET = 4_000_000_000;
export const SCAN_TIME_BUDGET_MS = 15_000;

async function runEngine(
  deps: SearchDeps,
  files: TranscriptFile[],
  input: QueryInput,
  query: CompiledQuery,
  options: ScanOptions,
): Promise<{ result: ScanResult; engine: string; note?: string }> {
  const targets = files.map((f) => ({ path: f.path, size: f.size }));
  let note: string | undefined;
  if (deps.useRipgrep && query.ripgrep.kind === "unsupported") {
    note = `built-in scanner used: ripgrep has no exact equivalent for ${query.ripgrep.reason}`;
  } else if (deps.useRipgrep) {
    const rg = await deps.locateRipgrep();
    if ("found" in rg) {
      try {
        const result = await scanWithRipgrep(rg.found, targets, query, options);
        return { result, engine: `ripgrep ${rg.found.version}` };
      } catch (error) {
        note = `ripgrep failed, built-in scanner used: ${describeError(error).replace(`${PREFIX} `, "")}`;
        deps.log?.log("warn", note);
      }
    } else note = `built-in scanner used: ${rg.missing}`;
  }
  const result = await scanFiles(targets, input, query, options);
  const threads = result.threads > 0 ? `, ${result.threads} thread${result.threads > 1 ? "s" : ""}` : "";
  return { result, engine: `the built-in scanner${threads}`, note };
}

/** Asks the sketches which transcripts in scope may match; `keep` is undefined when they were not consulted. */
async function consultSketches(
  inScope: readonly TranscriptFile[],
  query: CompiledQuery,
  req: SearchRequest,
  deadline: number,
): Promise<{ keep?: boolean[]; coverage: SketchCoverage; bytesRead: number }> {
  if (req.useSketches === false) return { coverage: { unused: "switched off for this search" }, bytesRead: 0 };
  const probe = SketchProbe.of(query.required);
  if (!probe) {
    const unused = `the query has no literal part of ${SKETCH_PARAMS.gram} bytes or more`;
    return { coverage: { unused }, bytesRead: 0 };
  }
  const filtered = await filterBySketches(inScope, query, probe, { deadline, signal: req.signal });
  return {
    keep: filtered.keep,
    coverage: { skipped: filtered.skipped, withoutSketch: filtered.withoutSketch },
    bytesRead: filtered.bytesRead,
  };
}

/** What the scan is asked for: the transcripts in scope, and why a ranked search came to it (the index's reason). */
export interface ScanAsked {
  mode: SearchMode;
  inScope: TranscriptFile[];
  fallback?: string;
  fallbackFix?: string;
  /** When the search started (performance.now()): the time budget counts from it. */
  started: number;
}

/**
 * The matching lines of `inScope`, with what was searched and what was left out, made text by `present` (the one way
 * out of every search: redacted and bounded).
 */
export async function scanSearch(
  deps: SearchDeps,
  req: SearchRequest,
  { mode, inScope, fallback, fallbackFix, started }: ScanAsked,
  present: (found: Found) => string,
): Promise<SearchOutcome> {
  const input: QueryInput =
    mode === "ranked"
      ? { query: fallbackPattern(req.query), regex: true, caseSensitive: false }
      : { query: req.query, regex: mode === "regex", caseSensitive: req.caseSensitive };
  const query = await prepareQuery(input);
  const budget = req.scanBytesBudget ?? SCAN_BYTES_BUDGET;
  const timeBudgetMs = req.timeBudgetMs ?? SCAN_TIME_BUDGET_MS;
  // The index first (one query, whatever the number of transcripts), then the sketches of what it left.
  const byIndex =
    mode === "ranked" || req.useIndex === false
      ? { coverage: { unused: "not asked" } as IndexCoverage }
      : await ruleOutByIndex(deps.index, inScope, query.required);
  const candidates = byIndex.keep ? inScope.filter((_, i) => byIndex.keep?.[i]) : inScope;
  const sketch = await consultSketches(candidates, query, req, started + timeBudgetMs);
  // The byte budget bounds what is read: a transcript ruled out by the index or its sketch costs nothing.
  const files: TranscriptFile[] = [];
  const overBudget: TranscriptFile[] = [];
  let bytes = 0;
  for (const [i, file] of candidates.entries()) {
    if (sketch.keep && !sketch.keep[i]) continue;
    if (overBudget.length > 0 || (files.length > 0 && bytes + file.size > budget)) overBudget.push(file);
    else {
      files.push(file);
      bytes += file.size;
    }
  }
  const limit = clampTo(req.limit, SEARCH_LIMITS.defaultMatches, 1, SEARCH_LIMITS.maxMatches);
  const options: ScanOptions = {
    contextLines: clampTo(req.contextLines, SEARCH_LIMITS.defaultContext, 0, SEARCH_LIMITS.maxContext),
    maxMatches: limit,
    matchLineBytes: SHOWN_LINE_BYTES.match,
    contextLineBytes: SHOWN_LINE_BYTES.context,
    timeBudgetMs: Math.max(1, started + timeBudgetMs - performance.now()),
    chunkBytes: req.chunkBytes,
    threads: req.threads,
    signal: req.signal,
  };
  if (inScope.length === 0) {
    const where = req.all ? "in any project" : "for this project";
    const hint = req.all ? "" : " Pass all: true to search every project's transcripts.";
    const text = `No transcripts ${where} yet: every session OpenCode holds is copied into a transcript shortly after the plugin starts (backfill), and a session's transcript is brought up to date when it compacts.${hint}`;
    return { text, result: emptyScanResult(), targets: [], engine: "none" };
  }
  const { result, engine, note } =
    files.length > 0
      ? await runEngine(deps, files, input, query, options)
      : { result: emptyScanResult(), engine: "the search sketches alone", note: undefined };
  const shown = files.filter((_, i) => result.files.some((f) => f.index === i));
  try {
    await attachTitles(deps.database, shown);
  } catch (error) {
    deps.log?.log("warn", `transcript titles unavailable: ${(error as Error).message}`);
  }
  const coverage: Coverage = {
    query: req.query,
    engine,
    engineNote: note,
    fallback,
    fallbackFix,
    inScope: inScope.length,
    scanned: files.length,
    scannedBytes: inScope.reduce((sum, f) => sum + f.size, 0) - overBudget.reduce((sum, f) => sum + f.size, 0),
    sketch: sketch.coverage,
    index: byIndex.coverage,
    bytesRead: sketch.bytesRead + result.bytesRead,
    overBudget: overBudget.length,
    overBudgetBytes: overBudget.reduce((sum, f) => sum + f.size, 0),
    budgetBytes: budget,
    elapsedMs: performance.now() - started,
    limit,
    maxLimit: SEARCH_LIMITS.maxMatches,
    timeBudgetMs,
    args: req.argNames ?? TOOL_ARG_NAMES,
    where: req.sessionID ? `session ${req.sessionID}` : req.all ? "every project" : "this project",
  };
  const text = present({ kind: "lines", files, result, coverage });
  return { text, result, targets: files, engine };
}
