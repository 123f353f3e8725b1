/**
 * What every part that reads or writes the data folder is given: the options, the store's database, the transcripts'
 * indexer, where the transcripts are, the log and the clock. Built by `createDataContext` (src/services.ts, the one
 * wiring point); the parts take it explicitly. It names no concrete index: the transcripts write the index through
 * their port (transcripts/export/transcript-indexer.ts), and `.dependency-cruiser.cjs` keeps this file below search.
 */
import type { Logger } from "./log.js";
import type { Options } from "./options.js";
import type { Database } from "./store/database.js";
import type { TranscriptIndexer } from "./transcripts/export/transcript-indexer.js";

export interface DataContext {
  readonly options: Options;
  readonly database: Database;
  /**
   * Keeps the full-text index of the transcripts (`<dataDir>/search-index.db`, derived and rebuildable) in step with
   * them: the exporter, the backfill and the retention sweep write it through this port only.
   */
  readonly indexer: TranscriptIndexer;
  /** `<dataDir>/transcripts`. */
  readonly transcriptsDir: string;
  readonly log: Logger;
  /** Milliseconds since the epoch; tests pass their own clock. */
  readonly clock: () => number;
}
