/**
 * memory_transcript_list: the exported transcripts of this project (or of all), with size, lines, age, last used,
 * title and whether OpenCode still has the session. The call is ./run/memory-transcript-list.ts.
 */

import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { TranscriptToolDeps } from "./memory-deps.js";

/** What the agent is told of memory_transcript_list, and its arguments. */
export const transcriptListTool = {
  description: "List session transcripts, used last first, with size and whether OpenCode still has each.",
  args: () => ({
    all: z.boolean().optional().describe("Every project's"),
    scope: z.string().optional().describe("Project folder (default: this one)"),
  }),
};

export function createTranscriptListTool(deps: TranscriptToolDeps) {
  return lazyTool(transcriptListTool, () =>
    import("./run/memory-transcript-list.js").then((m) => m.transcriptList(deps)),
  );
}
