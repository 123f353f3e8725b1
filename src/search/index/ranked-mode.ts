/**
 * The ranked mode of the transcript search: the index brought up to date for the transcripts in scope, asked, and
 * its answer rendered. When the index cannot answer (absent, damaged, newer, or failing), it says why, and the
 * search falls back to the scan.
 */
import { InvalidInputError } from "../../errors.js";
import { ROLE_FILTERS, type RoleFilter } from "../limits.js";
import type { TranscriptFile } from "../targets.js";
import { type CatchUp, catchUp } from "./index-catch-up.js";
import type { IndexConnection } from "./index-connection.js";
import { notCurrent } from "./indexed-scope.js";
import { parseRankedQuery } from "./ranked-query.js";
import { renderRanked } from "./ranked-render.js";
import type { RankedFilters } from "./ranked-request.js";
import { PER_SESSION, type RankedResult, rankedSearch } from "./ranked-search.js";
import type { SearchIndex } from "./search-index.js";
import { ROLES, type Role } from "./transcript-units.js";

export { ROLE_FILTERS, type RoleFilter } from "../limits.js";

/** The transcripts a ranked search covers, decided once the index is open. */
export interface RankedScope {
  files: readonly TranscriptFile[];
  /** Transcripts to bring into the index before the query (all of `files` when they were listed from the folder). */
  catchUp: readonly TranscriptFile[];
  /** Set when `files` are the index's own record: each transcript a hit comes from is checked on disk first. */
  transcriptsDir?: string;
  /** Told whether the catch-up left every transcript it was given in the index. */
  settled?: (complete: boolean) => void;
}

export interface RankedModeRequest {
  query: string;
  scope: (connection: IndexConnection) => Promise<RankedScope>;
  everything: boolean;
  where: string;
  oneSession: boolean;
  role?: RoleFilter;
  since?: string;
  until?: string;
  limit: number;
  contextLines: number;
  maxBytes: number;
  now: number;
  started: number;
  /** Fills in the titles of the transcripts shown, before they are rendered. */
  titles?: (files: TranscriptFile[]) => Promise<void>;
}

export type RankedOutcome = { text: string; result: RankedResult } | { fallback: string };

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

/** An ISO date or time as milliseconds; a date alone is its whole day (its start for since, its end for until). */
export function parseWhen(field: "since" | "until", value: string): number {
  const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (!Number.isFinite(ms)) {
    throw new InvalidInputError(
      field,
      `is not a date or time; give an ISO date such as 2026-03-01 or 2026-03-01T14:00Z`,
    );
  }
  return field === "until" && DATE_ONLY.test(value) ? ms + 86_399_999 : ms;
}

export function filtersOf(req: Pick<RankedModeRequest, "role" | "since" | "until">): RankedFilters {
  const roles: Role[] | undefined =
    req.role === undefined ? undefined : req.role === "tool" ? ["tool-input", "tool-output"] : [req.role];
  if (roles?.some((r) => !ROLES.includes(r)))
    throw new InvalidInputError("role", `must be one of ${ROLE_FILTERS.join(", ")}`);
  const since = req.since !== undefined ? parseWhen("since", req.since) : undefined;
  const until = req.until !== undefined ? parseWhen("until", req.until) : undefined;
  if (since !== undefined && until !== undefined && since > until) {
    throw new InvalidInputError("until", "is before since; nothing can match");
  }
  return { roles, since, until };
}

export function describeFilters(req: Pick<RankedModeRequest, "role" | "since" | "until">): string[] {
  const out: string[] = [];
  if (req.role) out.push(`role ${req.role}`);
  if (req.since) out.push(`since ${req.since}`);
  if (req.until) out.push(`until ${req.until}`);
  return out;
}

/** `files` with the transcripts of `caught` brought in as they are now, and those it left out taken away. */
function afterCatchUp(
  files: readonly TranscriptFile[],
  given: readonly TranscriptFile[],
  caught: CatchUp,
  gone: readonly TranscriptFile[] = [],
): TranscriptFile[] {
  const left = new Set([...caught.leftOut, ...caught.failed.map((f) => f.file)].map((f) => f.sessionID));
  for (const file of gone) left.add(file.sessionID);
  const now = new Map(given.filter((f) => !left.has(f.sessionID)).map((f) => [f.sessionID, f]));
  const out = files.filter((f) => !left.has(f.sessionID) && !now.has(f.sessionID));
  return [...out, ...now.values()];
}

function addCatchUp(to: CatchUp, more: CatchUp): void {
  to.indexed += more.indexed;
  to.indexedBytes += more.indexedBytes;
  to.units += more.units;
  to.leftOut.push(...more.leftOut);
  to.failed.push(...more.failed);
}

export async function searchRanked(index: SearchIndex, req: RankedModeRequest): Promise<RankedOutcome> {
  const query = parseRankedQuery(req.query);
  const filters = filtersOf(req);
  const health = await index.forReading();
  if (!health.usable) return { fallback: health.reason };
  let result: RankedResult;
  let caught: CatchUp;
  let files: TranscriptFile[];
  try {
    const scope = await req.scope(health.connection);
    const listed = scope.transcriptsDir === undefined;
    caught = catchUp(health.connection, scope.catchUp, req.everything && listed);
    scope.settled?.(caught.leftOut.length === 0 && caught.failed.length === 0);
    files =
      listed && caught.leftOut.length + caught.failed.length === 0
        ? [...scope.files]
        : afterCatchUp(scope.files, scope.catchUp, caught);
    const ask = () =>
      rankedSearch(health.connection, {
        query,
        files,
        everything: req.everything && caught.leftOut.length + caught.failed.length === 0,
        filters,
        limit: req.limit,
        contextLines: req.contextLines,
        perSession: req.oneSession ? undefined : PER_SESSION,
        now: req.now,
      });
    result = ask();
    if (scope.transcriptsDir !== undefined) {
      // The index's record stood for the files: a transcript a hit comes from that changed since is indexed as it
      // is now (or, gone, left out) and the query asked again, once.
      const changed = notCurrent(scope.transcriptsDir, [
        ...new Set([...result.hits.map((h) => h.file), ...result.changed]),
      ]);
      if (changed.length > 0) {
        const now = changed.flatMap((c) => (c.now ? [c.now] : []));
        const again = catchUp(health.connection, now, false);
        addCatchUp(caught, again);
        files = afterCatchUp(
          files,
          now,
          again,
          changed.filter((c) => !c.now).map((c) => c.file),
        );
        result = ask();
      }
    }
  } catch (error) {
    index.close();
    return { fallback: `the search index failed (${error instanceof Error ? error.message : String(error)})` };
  }
  await req.titles?.([...new Set(result.hits.map((h) => h.file))]);
  const text = renderRanked(
    result,
    {
      query: req.query,
      words: query.terms.flatMap((t) => t.words),
      dropped: query.dropped,
      where: req.where,
      inScope: files.length + caught.leftOut.length + caught.failed.length,
      inScopeBytes: [...files, ...caught.leftOut, ...caught.failed.map((f) => f.file)].reduce(
        (sum, f) => sum + f.size,
        0,
      ),
      indexedNow: caught.indexed,
      leftOut: caught.leftOut.length + caught.failed.length,
      leftOutBytes: [...caught.leftOut, ...caught.failed.map((f) => f.file)].reduce((sum, f) => sum + f.size, 0),
      failed: caught.failed.length,
      filters: describeFilters(req),
      limit: req.limit,
      perSession: req.oneSession ? undefined : PER_SESSION,
      elapsedMs: performance.now() - req.started,
    },
    req.maxBytes,
  );
  return { text, result };
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
