/**
 * memory_session_search: exact lines from session transcripts (the record a compaction leaves behind), with line
 * numbers and context, bounded, and a last line that says what was searched and what was left out.
 */

import { projectScope } from "../scope.js";
import { MAX_QUERY_CHARS, SEARCH_LIMITS } from "../search/limits.js";
import type { TranscriptSearch } from "../search/search.js";
import { checkSessionId } from "../session-id.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export function createSessionSearchTool({ search }: { search: TranscriptSearch }) {
  return lazyTool({
    description:
      "Search session transcripts (the exact, line-numbered record of past and compacted sessions) for lines containing a text or matching a regular expression. " +
      "Returns matching lines as `<file>:<line>: text` with context lines as `<file>-<line>- text`, grouped per session with its title, newest sessions first, and a last line saying what was searched and what was left out. " +
      "Searches this project's transcripts by default; all: true searches every project's; sessionID searches one session. " +
      "Case-insensitive unless caseSensitive is true. Read more around a line with memory_session_read.",
    args: () => ({
      query: z
        .string()
        .min(1)
        .max(MAX_QUERY_CHARS)
        .describe(
          "Text to find within one line (a literal unless regex is true), e.g. an error message, a file name or a decision",
        ),
      sessionID: z
        .string()
        .optional()
        .describe("Search only this session's transcript (ses_…), e.g. the one named in a compaction pointer"),
      all: z
        .boolean()
        .optional()
        .describe("Search the transcripts of every project on this machine, not only this project's (default false)"),
      regex: z
        .boolean()
        .optional()
        .describe(
          "Treat query as a JavaScript regular expression, matched against each line's text (default false: literal text)",
        ),
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
          `Most matching lines to return, newest sessions first (default ${SEARCH_LIMITS.defaultMatches}, at most ${SEARCH_LIMITS.maxMatches})`,
        ),
      maxBytes: z
        .number()
        .int()
        .min(SEARCH_LIMITS.minBytes)
        .max(SEARCH_LIMITS.maxBytes)
        .optional()
        .describe(
          `Byte budget of the result (default ${SEARCH_LIMITS.defaultBytes}, at most ${SEARCH_LIMITS.maxBytes})`,
        ),
    }),
    async execute(args, context) {
      if (args.sessionID !== undefined) checkSessionId(args.sessionID);
      const outcome = await search({
        ...args,
        scope: projectScope(context.worktree, context.directory),
        signal: context.abort,
      });
      return outcome.text;
    },
  });
}
