/**
 * The bounds of a transcript search and the checks of its time filters, in a module of their own: the tool's
 * arguments need them at plugin start-up, and the search itself loads only on first use. The filters (`since`,
 * `until`) are checked where they come in, by the tool's and the command line's schemas; the search takes them as valid.
 */
export const MAX_QUERY_CHARS = 1_000;

/**
 * What a result's last line calls the request's arguments when it says how to get more: the tool's argument names
 * (the default), or the command line's flags, so that each reader is told what it can type.
 */
export interface ArgNames {
  session: string;
  limit: string;
  context: string;
  /** Absent where the output's size cannot be asked for (the command line prints up to the bound). */
  maxBytes?: string;
  filters: string;
}

export const TOOL_ARG_NAMES: ArgNames = {
  session: "sessionID",
  limit: "limit",
  context: "contextLines",
  maxBytes: "maxBytes",
  filters: "role or since/until",
};

export const CLI_ARG_NAMES: ArgNames = {
  session: "--session",
  limit: "--limit",
  context: "--context",
  filters: "--role or --since/--until",
};

/** "raise maxBytes or lower contextLines", or only the second where the size cannot be asked for. */
export const smallerOutput = (a: ArgNames): string =>
  a.maxBytes ? `raise ${a.maxBytes} or lower ${a.context}` : `lower ${a.context}`;

export const SEARCH_LIMITS = {
  /** Lines a literal or regex search returns by default. */
  defaultMatches: 50,
  /** Hits a ranked search returns by default: the best few, not a page of lines. */
  defaultHits: 10,
  maxMatches: 500,
  defaultContext: 2,
  maxContext: 10,
  defaultBytes: 24_000,
  minBytes: 1_000,
  maxBytes: 100_000,
} as const;

/** How much of one line a result shows, whatever the mode: a line that matched, and a line of context around it. */
export const SHOWN_LINE_BYTES = { match: 400, context: 200 } as const;

/**
 * Bytes of a result's budget kept for its last lines (what was searched, what was left out and how to get it); a
 * ranked result's say more (the words dropped, the filters, the catch-up), so it keeps more.
 */
export const COVERAGE_RESERVE_BYTES = { lines: 900, ranked: 1_200 } as const;

/** The modes of a transcript search. */
export const SEARCH_MODES = ["ranked", "literal", "regex"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** What a ranked search's `role` may name: one kind of unit, or "tool" for a tool's input and output. */
export const ROLE_FILTERS = ["user", "assistant", "reasoning", "tool-input", "tool-output", "tool"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

export const WHEN_MESSAGE = "is not a date or time; give an ISO date such as 2026-03-01 or 2026-03-01T14:00Z";
export const RANGE_MESSAGE = "is before since; nothing can match";

/**
 * An ISO date or time as milliseconds (NaN when it is none); a date alone is its whole day: its start for since, its
 * end for until.
 */
export function whenMs(field: "since" | "until", value: string): number {
  const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return field === "until" && DATE_ONLY.test(value) ? ms + 86_399_999 : ms;
}

/** Whether a `since` or `until` value is a date or time. */
export function isWhen(value: string): boolean {
  return Number.isFinite(whenMs("since", value));
}

/** Whether `since` is not after `until` (either may be absent or unreadable: that is the field's own check). */
export function inOrder(since: string | undefined, until: string | undefined): boolean {
  if (since === undefined || until === undefined || !isWhen(since) || !isWhen(until)) return true;
  return whenMs("since", since) <= whenMs("until", until);
}

/** `value` (or `fallback` when not given) as a whole number within `min` and `max`. */
export function clampTo(value: number | undefined, fallback: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value ?? fallback)));
}
