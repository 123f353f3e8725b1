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
    "Search session transcripts (the exact, line-numbered record of past and compacted sessions). " +
    'mode "ranked" (the default) takes a question or some words, with "quoted phrases" that must appear, and returns the best-matching lines first from the full-text index, at most 3 per session: use it to find what was decided, said or done when you do not know the exact words; a date in the question ("on 3 June, 2023", "in July 2025", "2026-03-12") weighs up what was written then. ' +
    'mode "literal" returns every line containing the exact text, mode "regex" every line matching a JavaScript regular expression, grouped per session, newest first: use them for an exact error message, identifier or pattern, or to list all occurrences. ' +
    "Lines come as `<file>:<line>: text` with context lines as `<file>-<line>- text`, and a last line saying what was searched and what was left out. " +
    "Searches this project's transcripts by default; all: true searches every project's; sessionID searches one session; role, since and until narrow a ranked search. " +
    "Read more around a line with memory_session_read.",
  args: () => ({
    query: z
      .string()
      .min(1)
      .max(MAX_QUERY_CHARS)
      .describe(
        'ranked: words or a question, "quoted phrases" required (e.g. rate limiter decision "token bucket"); literal: text within one line, e.g. an error message; regex: a JavaScript regular expression',
      ),
    mode: z
      .enum(SEARCH_MODES)
      .optional()
      .describe(
        'How query is matched: "ranked" (default; best first, from the index), "literal" (exact text in one line) or "regex"',
      ),
    role: z
      .enum(ROLE_FILTERS)
      .optional()
      .describe(
        "Ranked mode: only lines of this kind: user, assistant, reasoning, tool-input, tool-output, or tool (both)",
      ),
    since: z.string().optional().describe("Ranked mode: only messages from this ISO date or time on, e.g. 2026-03-01"),
    until: z.string().optional().describe("Ranked mode: only messages up to this ISO date (the whole day) or time"),
    sessionID: z
      .string()
      .optional()
      .describe("Search only this session's transcript (ses_…), e.g. the one named in a compaction pointer"),
    all: z
      .boolean()
      .optional()
      .describe("Search the transcripts of every project on this machine, not only this project's (default false)"),
    regex: z.boolean().optional().describe('Same as mode "regex" (kept for older callers)'),
    caseSensitive: z.boolean().optional().describe("Match letter case exactly (default false: case-insensitive)"),
    contextLines: z
      .number()
      .int()
      .min(0)
      .max(SEARCH_LIMITS.maxContext)
      .optional()
      .describe(
        `Lines shown before and after each match (default ${SEARCH_LIMITS.defaultContext}, at most ${SEARCH_LIMITS.maxContext})`,
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(SEARCH_LIMITS.maxMatches)
      .optional()
      .describe(
        `Most hits (ranked, default 10) or matching lines (literal and regex, newest sessions first, default ${SEARCH_LIMITS.defaultMatches}); at most ${SEARCH_LIMITS.maxMatches}`,
      ),
    maxBytes: z
      .number()
      .int()
      .min(SEARCH_LIMITS.minBytes)
      .max(SEARCH_LIMITS.maxBytes)
      .optional()
      .describe(`Byte budget of the result (default ${SEARCH_LIMITS.defaultBytes}, at most ${SEARCH_LIMITS.maxBytes})`),
  }),
};

export function createSessionSearchTool(deps: SessionSearchDeps) {
  return lazyTool(sessionSearchTool, () => import("./run/memory-session-search.js").then((m) => m.sessionSearch(deps)));
}
