/**
 * memory_transcript_list: the exported transcripts of this project (or of all), with size, lines, age, last used,
 * title and whether OpenCode still has the session. The call is ./run/memory-transcript-list.ts.
 */

import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { TranscriptToolDeps } from "./memory-deps.js";

/** What the agent is told of memory_transcript_list, and its arguments. */
export const transcriptListTool = {
  description:
    "List exported session transcripts, used last first: size, lines, age, last used, title, and whether OpenCode still has the session. " +
    "This project's by default; all=true for every project.",
  args: () => ({
    all: z.boolean().optional().describe("List the transcripts of every project (default false)"),
    scope: z.string().optional().describe("Project folder whose transcripts to list (default: this project)"),
  }),
};

export function createTranscriptListTool(deps: TranscriptToolDeps) {
  return lazyTool(transcriptListTool, () =>
    import("./run/memory-transcript-list.js").then((m) => m.transcriptList(deps)),
  );
}
