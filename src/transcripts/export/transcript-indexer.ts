/**
 * What the exporter, the backfill and the retention sweep ask of the full-text index: to take in what an export
 * appended, and to forget a transcript that is removed, each in the same step as the file (under the session's export
 * lock). The index (transcripts/index/search-index.ts) implements it; the data context carries it as this port, so
 * nothing that is handed the data context can reach the index's writing side by another way.
 */
export interface TranscriptIndexer {
  /** Brings the index of one transcript up to its end; returns a warning to log, or undefined. */
  update(transcript: { sessionID: string; path: string; relative: string }): Promise<string | undefined>;
  /**
   * Runs `fn` with the updates it makes (of any transcript) in one transaction of the index, committed when it
   * returns: the backfill's one commit for many transcripts in its second pass.
   */
  batch<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The bytes the index covers of each transcript it holds, by session id, from its own record (the backfill's second
   * pass indexes those whose catalog row says more); undefined when the index cannot be written.
   */
  coveredBytes(): Promise<Map<string, number> | undefined>;
  /** Drops everything the index holds of one session (nothing when there is no index). */
  forget(sessionID: string): Promise<void>;
  /**
   * After sessions were forgotten (the retention sweep): their words are taken out of the index file too. Returns
   * the merge steps run (0 when nothing was forgotten since the last time).
   */
  settleRemovals(): Promise<number>;
}
