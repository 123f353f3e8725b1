/** Imports nothing of the test runner: the recall evaluations in bench/ ask through it too. */

import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch, type SearchDeps } from "../../src/search/search.js";
import type { IndexedDataContext } from "../../src/services.js";

/** The plugin's search over a data context's transcripts and index, without ripgrep (the tests' and the evaluations'). */
export function searchOver(data: IndexedDataContext, extra: Partial<SearchDeps> = {}) {
  return createTranscriptSearch({
    transcriptsDir: data.transcriptsDir,
    database: data.database,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
    index: data.searchIndex,
    log: data.log,
    ...extra,
  });
}
