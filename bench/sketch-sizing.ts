/**
 * How large the search sketches are and how often they let through a transcript that does not contain the text asked
 * for: measured on the benchmark corpus (a sample of its transcripts, identifiers taken from their own text) and on
 * the real sessions of the shared corpus when it is beside the checkout (their sketches written by the exporter).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { readSketch, sketchPathOf } from "../src/transcripts/sketch/file.js";
import { type Sketch, SketchProbe } from "../src/transcripts/sketch/sketch.js";
import { createExportFileSource } from "../src/transcripts/source/export-file-source.js";

export interface FalsePositives {
  files: number;
  needles: number;
  /** Share of (needle, transcript without it) pairs whose sketch said "may contain". */
  rate: number;
  /** The same for needles found in fewer than 1 transcript in 20 (what a search for something rare meets). */
  rareRate: number;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1_103_515_245) + 12_345) >>> 0;
    return a / 4_294_967_296;
  };
}

function sketchOf(file: string): Sketch {
  const read = readSketch(file);
  if ("unusable" in read) throw new Error(`sketch of ${file}: ${read.unusable}`);
  return read.sketch;
}

/** Identifiers (6 to 25 characters) picked from the sampled transcripts, checked against each of them. */
export function falsePositives(files: readonly string[], sample = 300, needles = 200): FalsePositives {
  const step = Math.max(1, Math.floor(files.length / sample));
  const picked = files.filter((_, i) => i % step === 0).slice(0, sample);
  const texts = picked.map((f) =>
    fs
      .readFileSync(f, "latin1")
      .replace(/^ *\d+\t/gm, "")
      .toLowerCase(),
  );
  const sketches = picked.map(sketchOf);
  const next = rng(7);
  const chosen = new Set<string>();
  for (let tries = 0; chosen.size < needles && tries < needles * 50; tries++) {
    const text = texts[Math.floor(next() * texts.length)] as string;
    const at = Math.floor(next() * text.length);
    const m = /[a-z_][a-z0-9_]{5,24}/.exec(text.slice(at, at + 200));
    if (m) chosen.add(m[0]);
  }
  const encoder = new TextEncoder();
  let [absent, fp, rareAbsent, rareFp] = [0, 0, 0, 0];
  for (const needle of chosen) {
    const probe = SketchProbe.of([encoder.encode(needle)]) as SketchProbe;
    const has = texts.map((t) => t.includes(needle));
    const rare = has.filter(Boolean).length < texts.length / 20;
    for (const [i, sketch] of sketches.entries()) {
      const may = sketch.mayContain(probe);
      if (has[i] && !may) throw new Error(`false negative: "${needle}" in ${picked[i]}`);
      if (has[i]) continue;
      absent++;
      if (may) fp++;
      if (rare) rareAbsent++;
      if (rare && may) rareFp++;
    }
  }
  return { files: picked.length, needles: chosen.size, rate: fp / absent, rareRate: rareFp / Math.max(1, rareAbsent) };
}

export interface RealSessions {
  sessions: number;
  transcriptBytes: number;
  sketchBytes: number;
}

/** The real sessions of the shared corpus exported into a temporary store; their sketches' size. */
export async function realSessions(): Promise<RealSessions | undefined> {
  const dir = fileURLToPath(new URL("../../shared/corpus/opencode-export", import.meta.url));
  if (!fs.existsSync(dir)) return undefined;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-sketch-"));
  const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
  const source = createExportFileSource(files.map((f) => path.join(dir, f)));
  const out: RealSessions = { sessions: 0, transcriptBytes: 0, sketchBytes: 0 };
  try {
    for (const f of files) {
      const id = /ses_[0-9A-Za-z]+/.exec(f)?.[0];
      if (!id) continue;
      const result = await exportTranscript({ data, source, sessionID: id, scope: "/projects/real" });
      out.sessions++;
      out.transcriptBytes += fs.statSync(result.path).size;
      out.sketchBytes += fs.statSync(sketchPathOf(result.path)).size;
    }
  } finally {
    data.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
