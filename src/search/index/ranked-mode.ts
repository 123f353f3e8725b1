/**
 * The ranked mode of the transcript search: the index brought up to date for the transcripts in scope, asked, and
 * its answer rendered. When the index cannot answer (absent, damaged, newer, or failing), it says why, and the
 * search falls back to the scan.
 */
import { InvalidInputError } from "../../errors.js";
import { ROLE_FILTERS, type RoleFilter } from "../limits.js";
import type { TranscriptFile } from "../targets.js";
import { catchUp } from "./index-catch-up.js";
import { parseRankedQuery } from "./ranked-query.js";
import { renderRanked } from "./ranked-render.js";
import type { RankedFilters } from "./ranked-request.js";
import { PER_SESSION, type RankedResult, rankedSearch } from "./ranked-search.js";
import type { SearchIndex } from "./search-index.js";
import { ROLES, type Role } from "./transcript-units.js";

export { ROLE_FILTERS, type RoleFilter } from "../limits.js";

export interface RankedModeRequest {
  query: string;
  files: readonly TranscriptFile[];
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

export async function searchRanked(index: SearchIndex, req: RankedModeRequest): Promise<RankedOutcome> {
  const query = parseRankedQuery(req.query);
  const filters = filtersOf(req);
  const health = await index.forReading();
  if (!health.usable) return { fallback: health.reason };
  let result: RankedResult;
  let caught: ReturnType<typeof catchUp>;
  try {
    caught = catchUp(health.connection, req.files, req.everything);
    const left = new Set([...caught.leftOut, ...caught.failed.map((f) => f.file)]);
    const files = left.size > 0 ? req.files.filter((f) => !left.has(f)) : req.files;
    result = rankedSearch(health.connection, {
      query,
      files,
      everything: req.everything && left.size === 0,
      filters,
      limit: req.limit,
      contextLines: req.contextLines,
      perSession: req.oneSession ? undefined : PER_SESSION,
      now: req.now,
    });
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
      inScope: req.files.length,
      inScopeBytes: req.files.reduce((sum, f) => sum + f.size, 0),
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
