/**
 * Transcripts as the plugin holds them: the export code (and drizzle with it) is loaded on the first call, so plugin
 * start-up, which happens in every OpenCode process, pays nothing for transcripts until one is used.
 */
import type { TranscriptRow } from "../store/schema.js";
import { containedPath } from "./paths.js";
import type { Transcripts, TranscriptsDeps } from "./transcripts.js";

export function lazyTranscripts(deps: TranscriptsDeps): Transcripts {
  let loading: Promise<Transcripts> | undefined;
  const load = (): Promise<Transcripts> => {
    loading ??= import("./transcript-service.js").then((m) => m.createTranscripts(deps));
    return loading;
  };
  return {
    source: deps.source,
    scope: deps.scope,
    fileOf: (row: TranscriptRow) => containedPath(deps.data.transcriptsDir, row.path),
    export: async (...a) => (await load()).export(...a),
    ensure: async (...a) => (await load()).ensure(...a),
    find: async (...a) => (await load()).find(...a),
    list: async (...a) => (await load()).list(...a),
    sweep: async (...a) => (await load()).sweep(...a),
    autoSweep: async () => (await load()).autoSweep(),
  };
}
