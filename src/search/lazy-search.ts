/**
 * Transcript search as the plugin holds it: the scanner, ripgrep runner and query parser load on the first search,
 * so plugin start-up, which happens in every OpenCode process, pays nothing for them until one is used.
 */

import type { Transcripts } from "../transcripts/transcripts.js";
import type { EnsuredTranscript, SearchDeps, TranscriptSearch } from "./search.js";

export function lazyTranscriptSearch(deps: SearchDeps): TranscriptSearch {
  let loading: Promise<TranscriptSearch> | undefined;
  return async (request) => {
    loading ??= import("./search.js").then((m) => m.createTranscriptSearch(deps));
    return (await loading)(request);
  };
}

/** The search's `ensureTranscript`: a session named but not exported yet is exported, then searched. */
export function ensureThrough(transcripts: Pick<Transcripts, "ensure">) {
  return async (sessionID: string): Promise<EnsuredTranscript> => {
    const { row, file } = await transcripts.ensure(sessionID);
    return { path: file, scope: row.scope, title: row.title };
  };
}
