/**
 * Keeps a transcript's sketch up to date: after an export has appended, the lines past what the sketch covers are
 * hashed into it (normally just the lines appended; more after a crash or when an older version wrote the tail).
 * A sketch that is missing, damaged, of another format, or that describes more bytes than the transcript holds or
 * another file, is started over from the whole transcript. Called holding the session's export lock.
 */
import fs from "node:fs";
import { openNoFollow } from "../../private-file.js";
import { type DecodedSketch, encodeSketch } from "./codec.js";
import { readSketch, type SketchRead, writeSketch } from "./file.js";
import { Sketch } from "./sketch.js";

const CHUNK_BYTES = 1024 * 1024;

export interface SketchRefresh {
  /** Why the sketch was started over from the start of the transcript, when it was ("missing" for a first one). */
  restarted?: string;
  /** Transcript bytes hashed by this refresh. */
  added: number;
  coveredBytes: number;
  sketchBytes: number;
  /** A new sketch file was written (false: it was already up to date). */
  written: boolean;
}

/** The sketch to extend, or why the transcript is hashed from its start. */
function startingPoint(read: SketchRead, stat: fs.Stats): DecodedSketch | string {
  if ("unusable" in read) return read.unusable;
  if (read.ino !== 0 && stat.ino !== 0 && read.ino !== stat.ino) return "written for another file";
  if (read.sketch.coveredBytes > stat.size) return "covers more than the transcript holds";
  return read;
}

/** Brings the sketch of `transcript` up to its last complete line. Throws on a file system error. */
export function refreshSketch(transcript: string): SketchRefresh {
  const stat = fs.lstatSync(transcript);
  const start = startingPoint(readSketch(transcript), stat);
  const restarted = typeof start === "string" ? start : undefined;
  const sketch = typeof start === "string" ? new Sketch() : start.sketch;
  const from = sketch.coveredBytes;
  if (from < stat.size) hashRange(sketch, transcript, from, stat.size);
  if (typeof start !== "string" && sketch.coveredBytes === from) {
    return { added: 0, coveredBytes: from, sketchBytes: start.bytes, written: false };
  }
  const encoded = encodeSketch(sketch, stat.ino);
  writeSketch(transcript, encoded);
  return {
    restarted,
    added: sketch.coveredBytes - from,
    coveredBytes: sketch.coveredBytes,
    sketchBytes: encoded.length,
    written: true,
  };
}

/** Adds the complete lines of transcript bytes [from, to), read a chunk at a time (a long line grows the buffer). */
function hashRange(sketch: Sketch, transcript: string, from: number, to: number): void {
  const fd = openNoFollow(transcript, fs.constants.O_RDONLY);
  try {
    let buffer = new Uint8Array(Math.min(CHUNK_BYTES, Math.max(4096, to - from)));
    let have = 0;
    for (let position = from; position < to; ) {
      if (have === buffer.length) {
        const bigger = new Uint8Array(buffer.length * 2);
        bigger.set(buffer);
        buffer = bigger;
      }
      const n = fs.readSync(fd, buffer, have, Math.min(buffer.length - have, to - position), position);
      if (n === 0) break;
      position += n;
      have += n;
      const used = sketch.addLines(buffer, 0, have, to);
      buffer.copyWithin(0, used, have);
      have -= used;
    }
  } finally {
    fs.closeSync(fd);
  }
}
