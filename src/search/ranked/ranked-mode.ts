/**
 * The ranked mode of the transcript search: the index brought up to date for the transcripts in scope, asked, and
 * its hits handed back with what the last line says of them (../render.ts renders them). When the index cannot answer
 * (absent, damaged, newer, or failing), it says why, and the search falls back to the scan.
 */
import { formatBytes } from "../../human-units.js";
import type { CatchUp, IndexReader, IndexRows } from "../../transcripts/index/index-reader.js";
import type { Role } from "../../transcripts/index/transcript-units.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import { type ArgNames, type RoleFilter, whenMs } from "../limits.js";
import { type IndexedFiles, notCurrent } from "./indexed-scope.js";
import { namedDates } from "./named-dates.js";
import type { RankedCoverage } from "./ranked-coverage.js";
import { parseRankedQuery } from "./ranked-query.js";
import type { AskingMessage, RankedFilters } from "./ranked-request.js";
import { type RankedResult, rankedSearch } from "./ranked-search.js";
import type { RankingProfile } from "./ranking-profile.js";
import { shownWindow } from "./shown-line.js";

export { ROLE_FILTERS, type RoleFilter } from "../limits.js";

/**
 * The transcripts a ranked search covers, decided once the index is open: those listed from their folders (or one
 * session's), each brought into the index first; or the index's own record of them, with the transcripts to bring
 * in first (the catalog's drift), each hit's transcript checked on disk (under `transcriptsDir`) before it is shown.
 */
export type RankedScope = (
  | { catchUp: readonly TranscriptFile[] }
  | { indexed: IndexedFiles; catchUp: readonly TranscriptFile[]; transcriptsDir: string }
) & {
  /** Told whether the catch-up left every transcript it was given in the index. */
  settled?: (complete: boolean) => void;
};

export interface RankedModeRequest {
  query: string;
  scope: (connection: IndexRows) => Promise<RankedScope>;
  everything: boolean;
  where: string;
  oneSession: boolean;
  role?: RoleFilter;
  since?: string;
  until?: string;
  limit: number;
  contextLines: number;
  /** Transcript bytes the search may index before it answers (default CATCH_UP_BYTES). */
  catchUpBytes?: number;
  /** What the result's last line calls the arguments. */
  args: ArgNames;
  /** The message the search is asked from: its turn is not searched. */
  asking?: AskingMessage;
  now: number;
  /** The weights and bounds of the ranking (ranking-profile.ts). */
  profile: RankingProfile;
  /** Show under each hit's header what each stage of the ranking gave it. */
  explain?: boolean;
  /** Fills in the titles of the transcripts shown, before they are rendered. */
  titles?: (files: TranscriptFile[]) => Promise<void>;
}

/** The hits and what the last line says of them (rendered by ../render.ts), or why the index could not answer. */
export type RankedOutcome = { result: RankedResult; coverage: RankedCoverage } | { fallback: string; fix?: string };

/** The filters of a request, checked by the tool's and the command line's schemas (../limits.ts). */
export function filtersOf(req: Pick<RankedModeRequest, "role" | "since" | "until">): RankedFilters {
  const roles: Role[] | undefined =
    req.role === undefined ? undefined : req.role === "tool" ? ["tool-input", "tool-output"] : [req.role];
  const since = req.since !== undefined ? whenMs("since", req.since) : undefined;
  const until = req.until !== undefined ? whenMs("until", req.until) : undefined;
  return { roles, since, until };
}

export function describeFilters(req: Pick<RankedModeRequest, "role" | "since" | "until">): string[] {
  const out: string[] = [];
  if (req.role) out.push(`role ${req.role}`);
  if (req.since) out.push(`since ${req.since}`);
  if (req.until) out.push(`until ${req.until}`);
  return out;
}

/** The transcripts a catch-up was given, and those it could not index. */
function leftBy(caught: CatchUp): Set<string> {
  return new Set([...caught.leftOut, ...caught.failed.map((f) => f.file)].map((f) => f.sessionID));
}

/** The index's record of the scope with what the catch-up indexed as it is now, and what it could not, left out. */
function applyCatchUp(indexed: IndexedFiles, given: readonly TranscriptFile[], caught: CatchUp): void {
  const left = leftBy(caught);
  for (const file of given) {
    if (left.has(file.sessionID)) indexed.drop(file.sessionID);
    else indexed.replace(file);
  }
}

function addCatchUp(to: CatchUp, more: CatchUp): void {
  to.indexed += more.indexed;
  to.indexedBytes += more.indexedBytes;
  to.units += more.units;
  to.leftOut.push(...more.leftOut);
  to.failed.push(...more.failed);
}

/** The transcripts in scope, as the search ends: how many, and their bytes (those left out included). */
interface InScope {
  count: number;
  bytes: number;
}

export async function searchRanked(index: IndexReader, req: RankedModeRequest): Promise<RankedOutcome> {
  const query = parseRankedQuery(req.query);
  const dates = namedDates(req.query, req.now);
  const filters = filtersOf(req);
  const health = await index.forReading();
  if (!health.usable) return { fallback: health.reason, fix: health.fix };
  let result: RankedResult;
  let caught: CatchUp;
  let inScope: InScope;
  try {
    const scope = await req.scope(health.connection);
    const indexed = "indexed" in scope ? scope.indexed : undefined;
    caught = await index.catchUp(scope.catchUp, req.everything && !indexed, req.catchUpBytes);
    scope.settled?.(caught.leftOut.length === 0 && caught.failed.length === 0);
    const left = leftBy(caught);
    const files = indexed || left.size === 0 ? scope.catchUp : scope.catchUp.filter((f) => !left.has(f.sessionID));
    if (indexed) applyCatchUp(indexed, scope.catchUp, caught);
    const ask = () =>
      rankedSearch(health.connection, {
        query,
        files,
        indexed,
        everything: req.everything && left.size === 0,
        filters,
        dates,
        limit: req.limit,
        contextLines: req.contextLines,
        perSession: req.oneSession ? undefined : req.profile.sessions.perSession,
        now: req.now,
        asking: req.asking,
        profile: req.profile,
        explain: req.explain,
      });
    result = ask();
    if (indexed && "transcriptsDir" in scope) {
      // The index's record stood for the files: a transcript a hit or a candidate comes from that changed since is
      // indexed as it is now (or, gone, left out) and the query asked again, once.
      const changed = notCurrent(scope.transcriptsDir, [
        ...new Set([...result.hits.map((h) => h.file), ...result.changed]),
      ]);
      if (changed.length > 0) {
        const now = changed.flatMap((c) => (c.now ? [c.now] : []));
        const again = await index.catchUp(now, false);
        addCatchUp(caught, again);
        applyCatchUp(indexed, now, again);
        for (const c of changed) if (!c.now) indexed.drop(c.file.sessionID);
        result = ask();
      }
    }
    const leftOut = [...caught.leftOut, ...caught.failed.map((f) => f.file)];
    const leftBytes = leftOut.reduce((sum, f) => sum + f.size, 0);
    // The index holds no answer, but it does not hold everything in scope: the scan answers from every transcript.
    if (result.hits.length === 0 && leftOut.length > 0) {
      return {
        fallback: `the index holds no match and ${leftOut.length === 1 ? "1 transcript" : `${leftOut.length} transcripts`} (${formatBytes(leftBytes)}) in scope ${leftOut.length === 1 ? "is" : "are"} not in it yet`,
      };
    }
    inScope = indexed
      ? { count: indexed.count + leftOut.length, bytes: indexed.bytes + leftBytes }
      : { count: scope.catchUp.length, bytes: scope.catchUp.reduce((sum, f) => sum + f.size, 0) };
  } catch (error) {
    index.close();
    return { fallback: `the search index failed (${error instanceof Error ? error.message : String(error)})` };
  }
  await req.titles?.([...new Set(result.hits.map((h) => h.file))]);
  // Each line cut to what is shown here, not when rendered: the redaction (../redact-hits.ts) sees the edges the
  // reader will see, and a secret cut at one is redacted.
  const words = query.terms.flatMap((t) => t.words);
  for (const hit of result.hits) for (const l of hit.lines) l.text = shownWindow(l, words);
  const coverage: RankedCoverage = {
    query: req.query,
    dropped: query.dropped,
    absent: result.absent,
    where: req.where,
    inScope: inScope.count,
    indexedNow: caught.indexed,
    leftOut: caught.leftOut.length + caught.failed.length,
    leftOutBytes: [...caught.leftOut, ...caught.failed.map((f) => f.file)].reduce((sum, f) => sum + f.size, 0),
    failed: caught.failed.length,
    filters: describeFilters(req),
    dates: dates.map((d) => d.text),
    setting:
      req.explain && query.setting !== undefined
        ? { clause: query.setting, weight: req.profile.boosts.setting }
        : undefined,
    limit: req.limit,
    perSession: req.oneSession ? undefined : req.profile.sessions.perSession,
    args: req.args,
  };
  return { result, coverage };
}

/**
 * The ranked query said to the scan, for when the index cannot answer: lines holding any of its words or phrases
 * (a regular expression of escaped literals, case-insensitive).
 */
export function fallbackPattern(source: string): string {
  const escaped = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
  // Each term as written, without the punctuation around it ("limiter?" is "limiter"), folded like the index folds.
  const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  return parseRankedQuery(source)
    .terms.map((t) => escaped(t.compound ?? (bare(t.text) || t.words.join(" "))))
    .join("|");
}
