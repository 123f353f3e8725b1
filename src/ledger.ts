/**
 * The shared services of one plugin instance, passed explicitly to every tool and hook factory.
 */
import path from "node:path";
import type { Logger } from "./log.js";
import type { Options } from "./options.js";
import { SearchIndex } from "./search/index/search-index.js";
import { Database } from "./store/database.js";

export interface Ledger {
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

export function createLedger(options: Options, log: Logger, clock: () => number = Date.now): Ledger {
  return {
    options,
    database: new Database({ dataDir: options.dataDir }),
    searchIndex: new SearchIndex(options.dataDir),
    transcriptsDir: path.join(options.dataDir, "transcripts"),
    log,
    clock,
  };
}
