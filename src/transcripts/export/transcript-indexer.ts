/**
 * What the exporter asks of the search index: to take in what an export appended, in the same step (under the
 * session's export lock). Declared here so the exporter needs nothing from the search; the search index implements it.
 */
export interface TranscriptIndexer {
  /** Brings the index of one transcript up to its end; returns a warning to log, or undefined. */
  update(transcript: { sessionID: string; path: string; relative: string }): Promise<string | undefined>;
}
