/** The search the recall evaluations ask: the plugin's, over a data context's transcripts and index, without ripgrep. */
import type { DataContext } from "../src/data-context.js";
import { createRipgrepLocator } from "../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../src/search/search.js";

export function evalSearch(data: DataContext, clock: () => number) {
  return createTranscriptSearch({
    transcriptsDir: data.transcriptsDir,
    database: data.database,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
    index: data.searchIndex,
    clock,
  });
}
