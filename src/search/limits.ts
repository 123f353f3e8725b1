/**
 * The bounds of a transcript search, in a module of their own: the tool's argument descriptions need them at plugin
 * start-up, and the search itself loads only on first use.
 */
export const MAX_QUERY_CHARS = 1_000;

export const SEARCH_LIMITS = {
  defaultMatches: 50,
  maxMatches: 500,
  defaultContext: 2,
  maxContext: 10,
  defaultBytes: 24_000,
  minBytes: 1_000,
  maxBytes: 100_000,
} as const;
