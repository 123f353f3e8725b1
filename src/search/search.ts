/**
 * Transcript search as a service: picks the files (this project's by default, every project's with `all`, one
 * session's with `sessionID`), asks the index for a ranked search (ranked/ranked-mode.ts), and leaves a literal or
 * regex search, or a ranked one the index could not answer, to the scan (scan-search.ts); either renders a bounded
 * result with its coverage line.
 */
import { InvalidInputError, NotFoundError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Database } from "../store/database.js";
import type { IndexReader, IndexRows } from "../transcripts/index/index-reader.js";
import { attachTitles, findSessionTranscript, listTranscripts, type TranscriptFile } from "../transcripts/listing.js";
import type { QueryInput } from "./compiled-query.js";
import type { Found } from "./found.js";
import { type ArgNames, clampTo, type RoleFilter, SEARCH_LIMITS, type SearchMode, TOOL_ARG_NAMES } from "./limits.js";
import { ListingMarks } from "./listing-marks.js";
import { type RankedOutcome, type RankedScope, searchRanked } from "./ranked/ranked-mode.js";
import type { AskingMessage } from "./ranked/ranked-request.js";
import type { RankedResult } from "./ranked/ranked-search.js";
import { DEFAULT_PROFILE, type RankingProfile } from "./ranked/ranking-profile.js";
import { indexedScope, indexStandsForFolders, listedScope, noteListing } from "./ranked-scope.js";
import { redactFound } from "./redact-hits.js";
import { renderFound } from "./render.js";
import type { RipgrepLocator } from "./ripgrep/locate.js";
import { emptyScanResult, type ScanResult } from "./scan/scanner.js";
import { scanSearch } from "./scan-search.js";

/** A transcript exported on demand by the exporter (when it is wired in). */
export interface EnsuredTranscript {
  path: string;
  scope: string;
  title?: string | null;
}

export interface SearchDeps {
  transcriptsDir: string;
  /** The store, for titles; optional (a search works from the files alone). */
  database?: Database;
  useRipgrep: boolean;
  locateRipgrep: RipgrepLocator;
  ensureTranscript?: (sessionID: string) => Promise<EnsuredTranscript | undefined>;
  /** The full-text index, for ranked searches; without it they fall back to the scan. */
  index?: IndexReader;
  /** Milliseconds since the epoch (the ranking's recency prior); tests pass their own. */
  clock?: () => number;
  log?: Logger;
}

export { SEARCH_MODES, type SearchMode } from "./limits.js";

export interface SearchRequest extends QueryInput {
  /**
   * "ranked" (words and phrases, best first, from the index), "literal" or "regex" (exact one-line matches, from the
   * scan). Default: "regex" when `regex` is true, else "literal" (the tool and the CLI ask for "ranked" by default).
   */
  mode?: SearchMode;
  /** Ranked mode only: one kind of line, and the time range of the messages (ISO dates or times). */
  role?: RoleFilter;
  since?: string;
  until?: string;
  /** The current project (a normalised path). */
  scope: string;
  sessionID?: string;
  all?: boolean;
  contextLines?: number;
  limit?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  /**
   * The session and message a ranked search is asked from (the tool's call): the turn it belongs to is not searched
   * (current-turn.ts).
   */
  asking?: AskingMessage;
  /**
   * Replace recognised secrets in the lines and titles shown by `[redacted: <kind>]` (default true: results go
   * back to the model). Only the command-line tool turns it off, when the person at the terminal asks to.
   */
  redact?: boolean;
  /** What the result's last line calls the arguments (default: the tool's names; the command line passes its flags). */
  argNames?: ArgNames;
  /** Consult the transcripts' search sketches (default true; false reads every transcript in scope). */
  useSketches?: boolean;
  /** Let the search index rule transcripts out of a literal or regex search (default true). */
  useIndex?: boolean;
  /** Budgets and tuning, for tests and benchmarks. */
  timeBudgetMs?: number;
  scanBytesBudget?: number;
  /** Transcript bytes a ranked search may index before it answers (index-catch-up.ts CATCH_UP_BYTES). */
  catchUpBytes?: number;
  /** The ranking's weights (default DEFAULT_PROFILE, ranked/ranking-profile.ts): the recall evaluations sweep them. */
  profile?: RankingProfile;
  /** Ranked mode only: a line under each hit's header saying what each stage of the ranking gave it. */
  explain?: boolean;
  chunkBytes?: number;
  threads?: number;
}

export interface SearchOutcome {
  text: string;
  result: ScanResult;
  targets: TranscriptFile[];
  engine: string;
  /** The hits of a ranked search (result is then empty). */
  ranked?: RankedResult;
}

async function sessionTarget(deps: SearchDeps, req: SearchRequest, sessionID: string): Promise<TranscriptFile> {
  const found = findSessionTranscript(deps.transcriptsDir, sessionID, req.scope, req.all === true);
  if ("file" in found) return found.file;
  if ("elsewhere" in found) {
    throw new NotFoundError(
      "transcript of this project",
      sessionID,
      `it belongs to ${found.elsewhere}; pass all: true to search it`,
    );
  }
  const exported = await deps.ensureTranscript?.(sessionID);
  if (exported) {
    if (exported.scope !== req.scope && req.all !== true) {
      throw new NotFoundError(
        "transcript of this project",
        sessionID,
        `it belongs to ${exported.scope}; pass all: true to search it`,
      );
    }
    const again = findSessionTranscript(deps.transcriptsDir, sessionID, exported.scope, true);
    if ("file" in again) return { ...again.file, title: exported.title ?? undefined, scope: exported.scope };
  }
  throw new NotFoundError(
    "transcript for the session",
    sessionID,
    "it was never exported (the session has not compacted yet) or its transcript was removed",
  );
}

/** The one way out of every search: its hits redacted (unless the command line asks for the raw text), rendered. */
function present(found: Found, req: SearchRequest): string {
  const maxBytes = clampTo(req.maxBytes, SEARCH_LIMITS.defaultBytes, SEARCH_LIMITS.minBytes, SEARCH_LIMITS.maxBytes);
  return renderFound(found, maxBytes, req.redact === false ? undefined : redactFound(found));
}

/** The search service of one plugin instance. */
export function createTranscriptSearch(deps: SearchDeps) {
  // Which folders were listed and indexed lately, so that a ranked search need not list them again.
  const marks = new ListingMarks(deps.clock);
  return async function search(req: SearchRequest): Promise<SearchOutcome> {
    const started = performance.now();
    const mode: SearchMode = req.mode ?? (req.regex ? "regex" : "literal");
    const filtered = req.role !== undefined || req.since !== undefined || req.until !== undefined;
    if (mode !== "ranked" && filtered) {
      throw new InvalidInputError("role", 'role, since and until filter ranked searches only; use mode "ranked"');
    }
    if (mode !== "ranked" && req.explain === true) {
      throw new InvalidInputError("explain", 'explains ranked searches only; use mode "ranked"');
    }
    const where = { scope: req.scope, all: req.all === true };
    const byFolders = mode === "ranked" && !req.sessionID && deps.index !== undefined;
    const fromIndex = byFolders && indexStandsForFolders(marks, where);
    const listedAt = marks.take();
    let inScope = fromIndex
      ? undefined
      : req.sessionID
        ? [await sessionTarget(deps, req, req.sessionID)]
        : listTranscripts(deps.transcriptsDir, req.scope, where.all);
    let fallback: string | undefined;
    let fallbackFix: string | undefined;
    if (mode === "ranked" && (inScope === undefined || inScope.length > 0)) {
      const scope = inScope
        ? listedScope(inScope, byFolders ? noteListing(marks, where, listedAt) : undefined)
        : indexedScope(marks, deps.transcriptsDir, deps.database, where);
      const ranked = await rankedOutcome(deps, req, scope);
      if ("result" in ranked) {
        const text = present({ kind: "ranked", ...ranked }, req);
        const targets = [...new Set(ranked.result.hits.map((h) => h.file))];
        return { text, result: emptyScanResult(), targets, engine: "the search index", ranked: ranked.result };
      }
      fallback = ranked.fallback;
      fallbackFix = ranked.fix;
    }
    inScope ??= listTranscripts(deps.transcriptsDir, req.scope, where.all);
    return scanSearch(deps, req, { mode, inScope, fallback, fallbackFix, started }, (found) => present(found, req));
  };
}

/** The ranked search through the index, or why the index could not answer (the scan answers instead). */
async function rankedOutcome(
  deps: SearchDeps,
  req: SearchRequest,
  scope: (connection: IndexRows) => Promise<RankedScope>,
): Promise<RankedOutcome> {
  if (!deps.index) return { fallback: "no search index is configured" };
  const ranked = await searchRanked(deps.index, {
    query: req.query,
    scope,
    everything: req.all === true && !req.sessionID,
    where: req.sessionID ? `session ${req.sessionID}` : req.all ? "every project" : "this project",
    oneSession: req.sessionID !== undefined,
    role: req.role,
    since: req.since,
    until: req.until,
    limit: clampTo(req.limit, SEARCH_LIMITS.defaultHits, 1, SEARCH_LIMITS.maxMatches),
    contextLines: clampTo(req.contextLines, SEARCH_LIMITS.defaultContext, 0, SEARCH_LIMITS.maxContext),
    catchUpBytes: req.catchUpBytes,
    args: req.argNames ?? TOOL_ARG_NAMES,
    asking: req.asking,
    profile: req.profile ?? DEFAULT_PROFILE,
    explain: req.explain,
    now: (deps.clock ?? Date.now)(),
    titles: async (files) => {
      try {
        await attachTitles(deps.database, files);
      } catch (error) {
        deps.log?.log("warn", `transcript titles unavailable: ${(error as Error).message}`);
      }
    },
  });
  if ("fallback" in ranked) deps.log?.log("warn", `ranked search fell back to the scan: ${ranked.fallback}`);
  return ranked;
}

export type TranscriptSearch = ReturnType<typeof createTranscriptSearch>;
