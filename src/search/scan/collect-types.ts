/** What a scan is asked for and what it gives back: per file (the line collector) and in all (the scanner). */
import type { HitLine } from "../hit-line.js";

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

export interface FileHits {
  lines: HitLine[];
  matches: number;
  /** Stopped at `maxMatches`. */
  capped: boolean;
  timedOut: boolean;
}

export interface ScanTarget {
  path: string;
  size: number;
}

export interface ScanOptions {
  contextLines: number;
  /** Matches to keep across all files, in file order. */
  maxMatches: number;
  matchLineBytes: number;
  contextLineBytes: number;
  timeBudgetMs: number;
  /** Bytes per read (default 1 MiB); tests use small ones to cross chunk boundaries. */
  chunkBytes?: number;
  /** Worker threads; 0 scans on this thread. Default: by size and kind of search. */
  threads?: number;
  /** The worker script (default: scan-worker beside this module); tests point it at a compiled copy. */
  workerUrl?: URL;
  signal?: AbortSignal;
}

export interface FileOutcome {
  index: number;
  hits: FileHits;
}

export interface ScanResult {
  /** Files with matches, in the order given. */
  files: FileOutcome[];
  matches: number;
  /** Files searched to the end (or to the match limit). */
  searched: number;
  unreadable: { index: number; error: string }[];
  /** The match limit was reached; later files were not searched. */
  capped: boolean;
  timedOut: boolean;
  threads: number;
  /** Bytes the engine read from the transcripts (ripgrep: the whole of every file it was given). */
  bytesRead: number;
}
