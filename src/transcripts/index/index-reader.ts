/**
 * What a search holds of the full-text index: its rows to read, and one write that is the transcripts' own, the
 * catch-up of the transcripts in scope before a ranked search answers (index-catch-up.ts). The index (search-index.ts)
 * implements it; search imports nothing else of the index's upkeep (the dependency rule
 * `search-reads-the-index-through-its-port`), so a write from search through what it holds does not typecheck.
 */
import type { TranscriptFile } from "../listing.js";

export type SqlValue = string | number | bigint | null;

/** Statements that read the index's tables: no `run`, no `exec`. */
export interface IndexRows {
  all<T>(sql: string, ...params: SqlValue[]): T[];
  get<T>(sql: string, ...params: SqlValue[]): T | undefined;
}

/** What a catch-up did: transcripts indexed now, and those left out of the search. */
export interface CatchUp {
  /** Transcripts indexed (or brought up to date) by this search. */
  indexed: number;
  indexedBytes: number;
  /** Units added. */
  units: number;
  /** Transcripts not (fully) in the index and left out of this search. */
  leftOut: TranscriptFile[];
  /** Transcripts whose update failed, with the reason. */
  failed: { file: TranscriptFile; reason: string }[];
}

/** The index open for reading, or why it cannot be read and what makes it readable again. */
export type ReadHealth = { usable: true; connection: IndexRows } | { usable: false; reason: string; fix: string };

export interface IndexReader {
  /** The index's rows; never creates the index. */
  forReading(): Promise<ReadHealth>;
  /**
   * Brings `files` into the index as they are now, up to `budget` transcript bytes (index-catch-up.ts CATCH_UP_BYTES),
   * after a usable `forReading`; with `everything`, the index's whole record is compared with them.
   */
  catchUp(files: readonly TranscriptFile[], everything: boolean, budget?: number): Promise<CatchUp>;
  /** Closes the connection (a search whose index failed mid-query: the next one opens it again). */
  close(): void;
}
