/**
 * Searching one file: a quick probe for any hit of the byte finder (most files have none, and the probe counts no
 * lines), then the collector from the start when there is one (taking the probe's first read as its own when the hit
 * was in it, so a small file is read once). The steps are generators that ask for reads, so one implementation serves
 * the worker threads (straight through) and the agent's own thread (with turns of the event loop in between). A short
 * read is taken as the end of the file: a transcript appended to meanwhile is searched as it was when the scan
 * reached its end.
 */
import fs from "node:fs";
import type { CompiledQuery } from "../compiled-query.js";
import { allocScanBuffer, type ScanBuffer } from "./byte-search.js";
import type { CollectLimits, FileHits } from "./collect-types.js";
import { LineCollector, minBufferBytes } from "./line-collector.js";

interface ReadRequest {
  offset: number;
  length: number;
}

type Steps<T> = Generator<ReadRequest | "rewind", T, number>;

export interface FileScan {
  hits?: FileHits;
  /** Why the file could not be read (it vanished, or permissions). */
  error?: string;
  /** Bytes read from the file. */
  bytesRead: number;
}

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/** A buffer of at least `chunkBytes`, and large enough for the query's long-line overlap. */
export function scanBufferFor(query: CompiledQuery, limits: CollectLimits, chunkBytes: number): ScanBuffer {
  return allocScanBuffer(Math.max(chunkBytes, minBufferBytes(query, limits)));
}

/**
 * Whether the file has any hit: false, or how many bytes of the file's start are still in place at the buffer's start
 * (the first read, when the hit was in it: the collector takes them as its own first read) or 0 (read again).
 */
function* probe(query: CompiledQuery, buffer: ScanBuffer, readBytes: number): Steps<false | number> {
  const finders = query.finder ? [query.finder, ...query.specials] : [];
  if (finders.length === 0) return 0;
  const overlap = Math.max(...finders.map((f) => f.length)) - 1;
  let end = 0;
  for (let first = true; ; first = false) {
    const n = yield { offset: end, length: Math.min(readBytes, buffer.capacity - end) };
    if (n === 0) return false;
    end += n;
    for (const finder of finders) if (finder.find(buffer.bytes, buffer.words, 0, end) >= 0) return first ? n : 0;
    const keep = Math.min(end, overlap);
    buffer.bytes.copyWithin(0, end - keep, end);
    end = keep;
  }
}

function* collect(
  query: CompiledQuery,
  limits: CollectLimits,
  buffer: ScanBuffer,
  readBytes: number,
  lines?: readonly number[],
  inPlace = 0,
): Steps<FileHits> {
  const collector = new LineCollector(query, limits, buffer, lines);
  // A read shorter than asked is the end of the file (see above): the collector is told so with it, so it need not
  // count the lines after the file's last match.
  if (inPlace > 0) {
    // A fresh collector's first read goes to the buffer's start with the probe's length: the bytes are there already.
    const room = collector.room(readBytes);
    collector.push(inPlace, inPlace < room.length);
  }
  while (!collector.done) {
    const room = collector.room(readBytes);
    const n: number = yield room;
    collector.push(n, n < room.length);
  }
  return collector.result();
}

/** Probe (unless ripgrep already chose the lines), then collect, reading again only what the probe moved out. */
function* scan(
  query: CompiledQuery,
  limits: CollectLimits,
  buffer: ScanBuffer,
  readBytes: number,
  lines?: readonly number[],
): Steps<FileHits | undefined> {
  if (lines) return yield* collect(query, limits, buffer, readBytes, lines);
  const inPlace = yield* probe(query, buffer, readBytes);
  if (inPlace === false) return undefined;
  if (inPlace === 0) yield "rewind";
  return yield* collect(query, limits, buffer, readBytes, undefined, inPlace);
}

function failure(error: unknown, bytesRead = 0): FileScan {
  const code = (error as NodeJS.ErrnoException).code;
  return { error: code ?? (error instanceof Error ? error.message : String(error)), bytesRead };
}

export function scanFileSync(
  file: string,
  query: CompiledQuery,
  limits: CollectLimits,
  buffer: ScanBuffer,
  readBytes: number,
  lines?: readonly number[],
): FileScan {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (error) {
    return failure(error);
  }
  let bytesRead = 0;
  try {
    const steps = scan(query, limits, buffer, readBytes, lines);
    let position = 0;
    let atEnd = false;
    let step = steps.next(0);
    while (!step.done) {
      let n = 0;
      if (step.value === "rewind") [position, atEnd] = [0, false];
      else if (!atEnd) {
        n = fs.readSync(fd, buffer.bytes, step.value.offset, step.value.length, position);
        position += n;
        bytesRead += n;
        atEnd = n < step.value.length;
      }
      step = steps.next(n);
    }
    return step.value ? { hits: step.value, bytesRead } : { bytesRead };
  } catch (error) {
    return failure(error, bytesRead);
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes read between two turns of the event loop in `scanFile`. */
const YIELD_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * The same scan for the agent's own thread: synchronous reads (a promise per read costs more than the read itself
 * for files this size), with a turn of the event loop before the file and after every few MiB.
 */
export async function scanFile(
  file: string,
  query: CompiledQuery,
  limits: CollectLimits,
  buffer: ScanBuffer,
  readBytes: number,
  lines?: readonly number[],
): Promise<FileScan> {
  await turn();
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (error) {
    return failure(error);
  }
  let bytesRead = 0;
  try {
    const steps = scan(query, limits, buffer, readBytes, lines);
    let position = 0;
    let atEnd = false;
    let sinceTurn = 0;
    let step = steps.next(0);
    while (!step.done) {
      let n = 0;
      if (step.value === "rewind") [position, atEnd] = [0, false];
      else if (!atEnd) {
        n = fs.readSync(fd, buffer.bytes, step.value.offset, step.value.length, position);
        position += n;
        bytesRead += n;
        atEnd = n < step.value.length;
        sinceTurn += n;
        if (sinceTurn >= YIELD_EVERY_BYTES) {
          sinceTurn = 0;
          await turn();
        }
      }
      step = steps.next(n);
    }
    return step.value ? { hits: step.value, bytesRead } : { bytesRead };
  } catch (error) {
    return failure(error, bytesRead);
  } finally {
    fs.closeSync(fd);
  }
}

function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
