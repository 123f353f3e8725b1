/**
 * Rules transcripts out before a search reads them: a transcript whose sketch says that no line of the bytes it
 * covers holds every required piece of the query is skipped, unless the bytes past what the sketch covers (a tail
 * written by an older version, or before a crash) hold a hit of the query's byte finder. A missing, damaged or
 * out-of-date sketch, or one written for another file, rules nothing out. Either engine then searches what is kept.
 */
import fs from "node:fs";
import { readSketch, SketchReadBuffer } from "../transcripts/sketch/file.js";
import type { SketchProbe } from "../transcripts/sketch/sketch.js";
import type { CompiledQuery } from "./compiled-query.js";
import { allocScanBuffer, type ByteFinder, type ScanBuffer } from "./scan/byte-search.js";

export interface SketchCandidate {
  path: string;
  size: number;
  /** Inode number from the listing (0: unknown). */
  ino: number;
}

export interface SketchFilterResult {
  /** Per candidate: it must be searched. */
  keep: boolean[];
  /** Ruled out by their sketch. */
  skipped: number;
  /** Kept for want of a usable sketch. */
  withoutSketch: number;
  /** Bytes of sketches and of uncovered tails read. */
  bytesRead: number;
}

export interface SketchFilterOptions {
  deadline: number;
  signal?: AbortSignal;
}

/** Time on the agent's thread between two turns of its event loop. */
const TURN_MS = 8;
const TAIL_CHUNK = 256 * 1024;

type Decision = { keep: boolean; sketched: boolean; bytes: number };

/**
 * Whether the query's finders hit the bytes of a file from `from` to its end (a hit may straddle chunks); to its end
 * as it is now, as the engine would read it, not as it was listed.
 */
function tailHasHit(file: string, from: number, finders: ByteFinder[], buffer: ScanBuffer): Decision {
  const overlap = Math.max(...finders.map((f) => f.length)) - 1;
  const fd = fs.openSync(file, "r");
  let bytes = 0;
  try {
    let end = 0;
    for (let position = from; ; ) {
      const n = fs.readSync(fd, buffer.bytes, end, buffer.capacity - end, position);
      if (n === 0) break;
      position += n;
      bytes += n;
      end += n;
      if (finders.some((f) => f.find(buffer.bytes, buffer.words, 0, end) >= 0)) {
        return { keep: true, sketched: true, bytes };
      }
      const keep = Math.min(end, overlap);
      buffer.bytes.copyWithin(0, end - keep, end);
      end = keep;
    }
    return { keep: false, sketched: true, bytes };
  } finally {
    fs.closeSync(fd);
  }
}

function decide(
  target: SketchCandidate,
  probe: SketchProbe,
  finders: ByteFinder[],
  buffers: { sketch: SketchReadBuffer; tail: ScanBuffer },
): Decision {
  const read = readSketch(target.path, buffers.sketch);
  if ("unusable" in read) return { keep: true, sketched: false, bytes: 0 };
  const { sketch, ino } = read;
  const stale = (ino !== 0 && target.ino !== 0 && ino !== target.ino) || sketch.coveredBytes > target.size;
  if (stale) return { keep: true, sketched: false, bytes: read.bytes };
  if (sketch.mayContain(probe)) return { keep: true, sketched: true, bytes: read.bytes };
  if (sketch.coveredBytes === target.size) return { keep: false, sketched: true, bytes: read.bytes };
  if (finders.length === 0) return { keep: true, sketched: true, bytes: read.bytes };
  try {
    const tail = tailHasHit(target.path, sketch.coveredBytes, finders, buffers.tail);
    return { ...tail, bytes: tail.bytes + read.bytes };
  } catch {
    return { keep: true, sketched: true, bytes: read.bytes }; // the engine reports what it cannot read
  }
}

/**
 * Decides which `targets` a search must read for `query` (whose required pieces make `probe`). Runs on the calling
 * thread with a turn of the event loop every few milliseconds; past the deadline, the rest is kept unexamined.
 */
export async function filterBySketches(
  targets: readonly SketchCandidate[],
  query: CompiledQuery,
  probe: SketchProbe,
  options: SketchFilterOptions,
): Promise<SketchFilterResult> {
  const result: SketchFilterResult = { keep: targets.map(() => true), skipped: 0, withoutSketch: 0, bytesRead: 0 };
  const finders = query.finder ? [query.finder, ...query.specials] : [];
  const longest = Math.max(1, ...finders.map((f) => f.length));
  const buffers = { sketch: new SketchReadBuffer(), tail: allocScanBuffer(Math.max(TAIL_CHUNK, 4 * longest)) };
  let lastTurn = performance.now();
  for (const [i, target] of targets.entries()) {
    const now = performance.now();
    if (now > options.deadline || options.signal?.aborted) {
      result.withoutSketch += targets.length - i;
      break;
    }
    if (now - lastTurn > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      lastTurn = performance.now();
    }
    const decision = decide(target, probe, finders, buffers);
    result.keep[i] = decision.keep;
    result.bytesRead += decision.bytes;
    if (!decision.keep) result.skipped++;
    else if (!decision.sketched) result.withoutSketch++;
  }
  return result;
}
