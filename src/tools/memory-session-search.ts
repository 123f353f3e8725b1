/**
 * memory_session_search: lines from session transcripts (the record a compaction leaves behind), ranked from the
 * full-text index or exact (literal, regex), with line numbers and context, bounded, and a last line that says what
 * was searched and what was left out. The call is ./run/memory-session-search.ts.
 */

import { MAX_QUERY_CHARS, ROLE_FILTERS, SEARCH_LIMITS, SEARCH_MODES } from "../search/limits.js";
import type { TranscriptSearch } from "../search/search.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export interface SessionSearchDeps {
  search: TranscriptSearch;
}

/** What the agent is told of memory_session_search, and its arguments. */
export const sessionSearchTool = {
  description:
    "Search session transcripts (past and compacted sessions), this project's by default. " +
    'mode "ranked" (default): words or a question, "quoted phrases" required; best lines first. ' +
    '"literal" (exact text) and "regex" (JavaScript) list every matching line. ' +
    "Read around a hit with memory_session_read (its sessionID, a line number as offset).",
  args: () => ({
    query: z.string().min(1).max(MAX_QUERY_CHARS).describe("Words, a question, exact text or a regex"),
    mode: z.enum(SEARCH_MODES).optional().describe('Default "ranked"'),
    role: z.enum(ROLE_FILTERS).optional().describe("Ranked: only this kind of line"),
    since: z.string().optional().describe("Ranked: from this ISO date"),
    until: z.string().optional().describe("Ranked: up to this ISO date"),
    sessionID: z.string().optional().describe("Only this session (ses_…)"),
    all: z.boolean().optional().describe("Every project's transcripts"),
    regex: z.boolean().optional().describe('As mode "regex"'),
    caseSensitive: z.boolean().optional().describe("Default false"),
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
      .describe(`Default ${SEARCH_LIMITS.defaultHits} ranked, ${SEARCH_LIMITS.defaultMatches} literal or regex`),
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
