/**
 * Transcript search as the plugin holds it: the scanner, ripgrep runner and query parser load on the first search,
 * so plugin start-up, which happens in every OpenCode process, pays nothing for them until one is used.
 */
import type { SearchDeps, TranscriptSearch } from "./search.js";

export function lazyTranscriptSearch(deps: SearchDeps): TranscriptSearch {
  let loading: Promise<TranscriptSearch> | undefined;
  return async (request) => {
    loading ??= import("./search.js").then((m) => m.createTranscriptSearch(deps));
    return (await loading)(request);
  };
}
