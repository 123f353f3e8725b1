/**
 * memory_session_search: lines from session transcripts (the record a compaction leaves behind), ranked from the
 * full-text index or exact (literal, regex), with line numbers and context, bounded, and a last line that says what
 * was searched and what was left out. The call is ./run/memory-session-search.ts.
 */

import { isWhen, MAX_QUERY_CHARS, ROLE_FILTERS, SEARCH_LIMITS, SEARCH_MODES, WHEN_MESSAGE } from "../search/limits.js";
import type { TranscriptSearch } from "../search/search.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export interface SessionSearchDeps {
  search: TranscriptSearch;
}

/** What the agent is told of memory_session_search, and its arguments. */
export const sessionSearchTool = {
  description:
    "Search past and compacted session transcripts, this project's by default. " +
    'mode ranked (default): words or a question, "quoted phrases" required, best lines first; ' +
    "literal (exact text) and regex (JavaScript): every matching line. " +
    "Read around a hit with memory_session_read (its sessionID, the line number as offset). " +
    "No line answers? Retry with the first hit's sessionID.",
  args: () => ({
    query: z.string().min(1).max(MAX_QUERY_CHARS).describe("What to find"),
    mode: z.enum(SEARCH_MODES).optional().describe("Default ranked"),
    role: z.enum(ROLE_FILTERS).optional().describe("Ranked: only these lines"),
    since: z.string().refine(isWhen, WHEN_MESSAGE).optional().describe("Ranked: ISO date"),
    until: z.string().refine(isWhen, WHEN_MESSAGE).optional().describe("Ranked: ISO date"),
    sessionID: z.string().optional().describe("Only this session"),
    all: z.boolean().optional().describe("Every project's"),
    regex: z.boolean().optional().describe("As mode regex"),
    caseSensitive: z.boolean().optional().describe("Match case"),
    explain: z.boolean().optional().describe("Ranked: score parts"),
    contextLines: z
      .number()
      .int()
      .min(0)
      .max(SEARCH_LIMITS.maxContext)
      .optional()
      .describe(`Default ${SEARCH_LIMITS.defaultContext}`),
    limit: z
      .number()
      .int()
      .min(1)
      .max(SEARCH_LIMITS.maxMatches)
      .optional()
      .describe(`Default ${SEARCH_LIMITS.defaultHits} ranked, else ${SEARCH_LIMITS.defaultMatches}`),
    maxBytes: z
      .number()
      .int()
      .min(SEARCH_LIMITS.minBytes)
      .max(SEARCH_LIMITS.maxBytes)
      .optional()
      .describe(`Default ${SEARCH_LIMITS.defaultBytes}`),
  }),
};

export function createSessionSearchTool(deps: SessionSearchDeps) {
  return lazyTool(sessionSearchTool, () => import("./run/memory-session-search.js").then((m) => m.sessionSearch(deps)));
}
