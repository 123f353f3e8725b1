/**
 * The bytes of a sketch file (`<sessionID>.md.sketch`), little-endian:
 *
 *   0  "LDGSKTCH"          8  format version (u16)   10 gram (u8)   11 hashes (u8)   12 segments (u32)
 *   16 covered bytes (f64) 24 covered lines (f64)    32 the transcript's inode number (f64, 0: unknown)
 *   40 body bytes (u32)    44 body checksum (u32)    48 reserved, zero             60 header checksum (u32)
 *   64 segments, each: log2 of its bits (u8), 3 zero bytes, bits set (u32), then 2^log2 / 8 bytes of bits
 *
 * Both checksums are checked on every read: a sketch that lost bits would say "cannot contain" wrongly, so any
 * damage makes it unusable (the search then reads the whole transcript).
 */
import { type Segment, SKETCH_PARAMS, Sketch, type SketchParams } from "./sketch.js";

export const SKETCH_VERSION = 1;
export const HEADER_BYTES = 64;
const SEGMENT_HEADER_BYTES = 8;
const MAGIC = [..."LDGSKTCH"].map((c) => c.charCodeAt(0));

export interface DecodedSketch {
  sketch: Sketch;
  /** Inode number of the transcript it was written for (0: unknown). */
  ino: number;
  /** Bytes of the sketch file. */
  bytes: number;
}

/**
 * A checksum of 4-byte words (two running sums, as Fletcher's): any changed or moved word changes it. Words are read
 * in the machine's byte order, so a sketch carried to a big-endian machine reads as damaged and is written again.
 */
export function checksum(bytes: Uint8Array, start: number, end: number): number {
  let a = 0x6a09e667 | 0;
  let b = 0;
  const aligned = (bytes.byteOffset + start) % 4 === 0;
  const words = aligned
    ? new Int32Array(bytes.buffer, bytes.byteOffset + start, (end - start) >> 2)
    : new Int32Array(bytes.slice(start, end).buffer, 0, (end - start) >> 2);
  for (let i = 0; i < words.length; i++) {
    a = (a + (words[i] as number)) | 0;
    b = (b + a) | 0;
  }
  return (Math.imul(a ^ (b >>> 15), 0x2c1b3c6d) ^ b) >>> 0;
}

export function encodeSketch(sketch: Sketch, ino: number): Uint8Array {
  const body = sketch.segments.reduce((sum, s) => sum + SEGMENT_HEADER_BYTES + s.bits.length, 0);
  const out = new Uint8Array(HEADER_BYTES + body);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint16(8, SKETCH_VERSION, true);
  view.setUint8(10, sketch.params.gram);
  view.setUint8(11, sketch.params.hashes);
  view.setUint32(12, sketch.segments.length, true);
  view.setFloat64(16, sketch.coveredBytes, true);
  view.setFloat64(24, sketch.coveredLines, true);
  view.setFloat64(32, ino, true);
  view.setUint32(40, body, true);
  let at = HEADER_BYTES;
  for (const segment of sketch.segments) {
    view.setUint8(at, segment.log2);
    view.setUint32(at + 4, segment.set, true);
    out.set(segment.bits, at + SEGMENT_HEADER_BYTES);
    at += SEGMENT_HEADER_BYTES + segment.bits.length;
  }
  view.setUint32(44, checksum(out, HEADER_BYTES, out.length), true);
  view.setUint32(60, checksum(out, 0, 60), true);
  return out;
}

/**
 * Reads a sketch from bytes[0, length); the reason it cannot be used otherwise. The bits of the result are views of
 * `bytes` (valid while `bytes` is not reused).
 */
export function decodeSketch(
  bytes: Uint8Array,
  length: number,
  params: SketchParams = SKETCH_PARAMS,
): DecodedSketch | { unusable: string } {
  if (length < HEADER_BYTES) return { unusable: "too short" };
  if (MAGIC.some((b, i) => bytes[i] !== b)) return { unusable: "not a sketch file" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, length);
  const version = view.getUint16(8, true);
  if (version !== SKETCH_VERSION) return { unusable: `format version ${version}, not ${SKETCH_VERSION}` };
  if (view.getUint32(60, true) !== checksum(bytes, 0, 60)) return { unusable: "damaged header" };
  if (view.getUint8(10) !== params.gram || view.getUint8(11) !== params.hashes) return { unusable: "other parameters" };
  const body = view.getUint32(40, true);
  if (HEADER_BYTES + body !== length) return { unusable: "truncated or extended" };
  if (view.getUint32(44, true) !== checksum(bytes, HEADER_BYTES, length)) return { unusable: "damaged bits" };
  const count = view.getUint32(12, true);
  const segments: Segment[] = [];
  let at = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + SEGMENT_HEADER_BYTES > length) return { unusable: "truncated segment" };
    const log2 = view.getUint8(at);
    if (log2 < params.minLog2 || log2 > params.maxLog2) return { unusable: "bad segment size" };
    const size = 2 ** (log2 - 3);
    const start = at + SEGMENT_HEADER_BYTES;
    if (start + size > length) return { unusable: "truncated segment" };
    segments.push({ log2, set: view.getUint32(at + 4, true), bits: bytes.subarray(start, start + size) });
    at = start + size;
  }
  if (at !== length) return { unusable: "trailing bytes" };
  const coveredBytes = view.getFloat64(16, true);
  const coveredLines = view.getFloat64(24, true);
  if (!Number.isSafeInteger(coveredBytes) || coveredBytes < 0 || !Number.isSafeInteger(coveredLines)) {
    return { unusable: "bad covered length" };
  }
  return {
    sketch: Sketch.restore(params, segments, coveredBytes, coveredLines),
    ino: view.getFloat64(32, true),
    bytes: length,
  };
}
