/**
 * memory_session_read: a numbered window of one session's transcript, exported on demand the first time.
 * The call is ./run/memory-session-read.ts.
 */

import { MAX_RESULT_BYTES } from "../bounded-output.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import { READ_DEFAULT_LINES, READ_MAX_BYTES, READ_MAX_LINES } from "./tool-defaults.js";

export interface SessionReadDeps {
  transcripts: Transcripts;
}

/** What the agent is told of memory_session_read, and its arguments. */
export const sessionReadTool = {
  description:
    "Read a numbered window of a session transcript (the exact record of a past or compacted session; exported on demand). " +
    "Each line is `<line number>\\t<text>`; the result ends with the offset of the next window. " +
    "Values that look like secrets are shown as [redacted: <kind>]. " +
    "Find line numbers first with memory_session_search, then read around them.",
  args: () => ({
    sessionID: z.string().describe("Session id (ses_…), as named in a compaction pointer or by memory_transcript_list"),
    offset: z.number().int().min(1).optional().describe("First line to read, 1-based (default 1)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(READ_MAX_LINES)
      .optional()
      .describe(`Most lines to return (default ${READ_DEFAULT_LINES}, at most ${READ_MAX_LINES})`),
    maxBytes: z
      .number()
      .int()
      .min(1_000)
      .max(READ_MAX_BYTES)
      .optional()
      .describe(`Byte budget of the result (default ${MAX_RESULT_BYTES})`),
    all: z
      .boolean()
      .optional()
      .describe("Allow a session of another project (default false: this project's sessions only)"),
  }),
};

export function createSessionReadTool(deps: SessionReadDeps) {
  return lazyTool(sessionReadTool, () => import("./run/memory-session-read.js").then((m) => m.sessionRead(deps)));
}
