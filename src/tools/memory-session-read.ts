/**
 * memory_session_read: a numbered window of one session's transcript, exported on demand the first time.
 * The call is ./run/memory-session-read.ts.
 */

import { MAX_RESULT_BYTES } from "../bounded-output.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import { MAX_LINE, READ_DEFAULT_LINES, READ_MAX_BYTES, READ_MAX_LINES } from "./tool-defaults.js";

export interface SessionReadDeps {
  transcripts: Transcripts;
}

/** What the agent is told of memory_session_read, and its arguments. */
export const sessionReadTool = {
  description:
    "Read numbered lines of a past or compacted session's transcript; memory_session_search finds the line numbers.",
  args: () => ({
    sessionID: z.string().describe("ses_…"),
    offset: z.number().int().min(1).max(MAX_LINE).optional().describe("First line (default 1)"),
    limit: z.number().int().min(1).max(READ_MAX_LINES).optional().describe(`Default ${READ_DEFAULT_LINES}`),
    maxBytes: z.number().int().min(1_000).max(READ_MAX_BYTES).optional().describe(`Default ${MAX_RESULT_BYTES}`),
    all: z.boolean().optional().describe("Allow another project's session"),
  }),
};

export function createSessionReadTool(deps: SessionReadDeps) {
  return lazyTool(sessionReadTool, () => import("./run/memory-session-read.js").then((m) => m.sessionRead(deps)));
}
