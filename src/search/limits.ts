/**
 * The bounds of a transcript search, in a module of their own: the tool's argument descriptions need them at plugin
 * start-up, and the search itself loads only on first use.
 */
export const MAX_QUERY_CHARS = 1_000;

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
