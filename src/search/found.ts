/**
 * What a search found, before it is text: a ranked search's hits (units, best first, their lines read from the
 * transcript) or a literal or regex search's matching lines per transcript (also what a ranked search the scan
 * answered found), each line already cut to its window, so the redaction sees the edges the reader will see. One
 * redaction step (redact-hits.ts) and one renderer (render.ts) serve every kind.
 */
import type { TranscriptFile } from "../transcripts/listing.js";
import type { HitLine } from "./hit-line.js";
import type { RankedCoverage } from "./ranked/ranked-coverage.js";
import type { RankedResult } from "./ranked/ranked-search.js";
import type { ScanResult } from "./scan/scanner.js";
import type { Coverage } from "./scan-coverage.js";

export type Found =
  | { kind: "ranked"; result: RankedResult; coverage: RankedCoverage }
  | { kind: "lines"; files: readonly TranscriptFile[]; result: ScanResult; coverage: Coverage };

/** A hit as data: the transcript it is from and its lines, in the order shown. */
export interface Hit {
  file: TranscriptFile;
  lines: HitLine[];
}

/** The hits of `found`, best first (ranked) or in the order searched (one per transcript with matching lines). */
export function hitsOf(found: Found): Hit[] {
  if (found.kind === "ranked") return found.result.hits;
  return found.result.files.map((f) => ({ file: found.files[f.index] as TranscriptFile, lines: f.hits.lines }));
}
