/**
 * What every part that reads or writes the data folder is given: the options, the store's database, the search
 * index, where the transcripts are, the log and the clock. Built by `createServices` (src/services.ts); the parts take it explicitly.
 */
import { dataLayout } from "./data-dir.js";
import type { Logger } from "./log.js";
import type { Options } from "./options.js";
import { Database } from "./store/database.js";
import { SearchIndex } from "./transcripts/index/search-index.js";

export interface DataContext {
  readonly options: Options;
  readonly database: Database;
  /** The full-text index of the transcripts (`<dataDir>/search-index.db`), derived and rebuildable. */
  readonly searchIndex: SearchIndex;
  /** `<dataDir>/transcripts`. */
  readonly transcriptsDir: string;
  readonly log: Logger;
  /** Milliseconds since the epoch; tests pass their own clock. */
  readonly clock: () => number;
}

/** Opens nothing: the database file is made on the first write. */
export function createDataContext(options: Options, log: Logger, clock: () => number = Date.now): DataContext {
  return {
    options,
    database: new Database({ dataDir: options.dataDir }),
    searchIndex: new SearchIndex(options.dataDir),
    transcriptsDir: dataLayout(options.dataDir).transcriptsDir,
    log,
    clock,
  };
}
