/**
 * The sketch file beside a transcript: `<sessionID>.md.sketch`, mode 0600. It is replaced whole (written under a
 * temporary name, then renamed over the old one), so a reader sees either the previous sketch or the new one, never
 * a mix; a crash leaves the previous one, which still describes a prefix of the transcript. Only an export, holding
 * the session's export lock, writes it, so one fixed temporary name is enough.
 */
import fs from "node:fs";
import { type DecodedSketch, decodeSketch } from "./codec.js";

export const SKETCH_SUFFIX = ".sketch";
const TEMP_SUFFIX = ".tmp";

export function sketchPathOf(transcript: string): string {
  return `${transcript}${SKETCH_SUFFIX}`;
}

const noFollow = () => fs.constants.O_NOFOLLOW ?? 0;

/** A buffer reused between reads of one search (grown when a sketch does not fit). */
export class SketchReadBuffer {
  bytes = new Uint8Array(64 * 1024);
}

export type SketchRead = DecodedSketch | { unusable: string };

/** Reads and checks the sketch of `transcript`; "missing" when there is none. Never throws. */
export function readSketch(transcript: string, buffer = new SketchReadBuffer()): SketchRead {
  let fd: number;
  try {
    fd = fs.openSync(sketchPathOf(transcript), fs.constants.O_RDONLY | noFollow());
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { unusable: code === "ENOENT" ? "missing" : `unreadable (${code ?? "error"})` };
  }
  try {
    let length = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer.bytes, length, buffer.bytes.length - length, length);
      length += n;
      if (n === 0 || length < buffer.bytes.length) break;
      const bigger = new Uint8Array(buffer.bytes.length * 2);
      bigger.set(buffer.bytes);
      buffer.bytes = bigger;
    }
    return decodeSketch(buffer.bytes, length);
  } catch (error) {
    return { unusable: `unreadable (${(error as NodeJS.ErrnoException).code ?? "error"})` };
  } finally {
    fs.closeSync(fd);
  }
}

/** Replaces the sketch of `transcript` with `bytes` (0600, never through a link). */
export function writeSketch(transcript: string, bytes: Uint8Array): void {
  const target = sketchPathOf(transcript);
  const temp = `${target}${TEMP_SUFFIX}`;
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | noFollow();
  const fd = fs.openSync(temp, flags, 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    for (let offset = 0; offset < bytes.length; ) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temp, target);
}

/** Removes the sketch of `transcript` (and a temporary file a crash may have left). */
export function removeSketch(transcript: string): void {
  fs.rmSync(sketchPathOf(transcript), { force: true });
  fs.rmSync(`${sketchPathOf(transcript)}${TEMP_SUFFIX}`, { force: true });
}
