/** What the line collector is asked for and what it gives back. */

export interface CollectLimits {
  contextLines: number;
  /** Matches to collect from this file at most. */
  maxMatches: number;
  /** Bytes of a match line shown around its first match. */
  matchLineBytes: number;
  /** Bytes of a context line shown from its start. */
  contextLineBytes: number;
  /** `performance.now()` after which the collector gives up. */
  deadline: number;
}

export interface ResultLine {
  line: number;
  text: string;
  match: boolean;
}

export interface FileHits {
  lines: ResultLine[];
  matches: number;
  /** Stopped at `maxMatches`. */
  capped: boolean;
  timedOut: boolean;
}
