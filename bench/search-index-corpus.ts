/**
 * The search index of the generated benchmark corpus, built once (at nice 10, in one process, as a backfill would)
 * and kept under `os.tmpdir()/ledger-bench-index/v<index version>-c<corpus version>-<MB>mb` with the build's figures beside it, so that a
 * benchmark of the queries at 5 GB does not wait an hour for a build it does not time. Run this file alone to build
 * the index ahead (`LEDGER_BENCH_MB=5000 BUN_BE_BUN=1 node_modules/.bin/opencode run bench/search-index-corpus.ts`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { catchUp } from "../src/transcripts/index/index-catch-up.js";
import { INDEX_VERSION } from "../src/transcripts/index/index-schema.js";
import { SearchIndex } from "../src/transcripts/index/search-index.js";
import type { TranscriptFile } from "../src/transcripts/listing.js";
import { loadAverage } from "./report.js";
import { CORPUS_VERSION, type Corpus, type CorpusShape, ensureCorpus } from "./transcript-corpus.js";

export interface BenchIndex {
  index: SearchIndex;
  files: TranscriptFile[];
  corpus: Corpus;
  buildMs: number;
  /** The load average when the build started. */
  buildLoad: string;
  indexBytes: number;
  /** Whether this call built it (false: an earlier build was reused). */
  built: boolean;
}

interface Stamp {
  files: number;
  bytes: number;
  buildMs: number;
  buildLoad: string;
}

export function corpusFiles(corpus: Corpus): TranscriptFile[] {
  return corpus.files.map((file) => {
    const stat = fs.statSync(file);
    return {
      sessionID: path.basename(file, ".md"),
      path: file,
      relative: path.relative(corpus.dir, file),
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      ino: stat.ino,
    };
  });
}

/** Builds (or reuses) the index of the corpus of `megabytes` MB (or of the shape given, see transcript-corpus.ts). */
export async function ensureBenchIndex(
  megabytes: number,
  root = path.join(os.tmpdir(), "ledger-bench-index"),
  shape?: CorpusShape,
): Promise<BenchIndex> {
  const corpus = ensureCorpus(megabytes, undefined, shape);
  const files = corpusFiles(corpus);
  // Named by both versions: an index of another corpus or another index format is built beside it, not over it.
  const version = `v${INDEX_VERSION}-c${CORPUS_VERSION}`;
  const dataDir = path.join(
    root,
    shape ? `${version}-${shape.files}x${shape.fileBytes}b` : `${version}-${megabytes}mb`,
  );
  const stampFile = path.join(dataDir, "build.json");
  if (fs.existsSync(stampFile)) {
    const stamp = JSON.parse(fs.readFileSync(stampFile, "utf8")) as Stamp;
    if (stamp.files === files.length && stamp.bytes === corpus.bytes) {
      const index = new SearchIndex(dataDir);
      const indexBytes = fs.statSync(index.file).size;
      return {
        index,
        files,
        corpus,
        buildMs: stamp.buildMs,
        buildLoad: stamp.buildLoad ?? "?",
        indexBytes,
        built: false,
      };
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const index = new SearchIndex(dataDir);
  const health = await index.forWriting();
  if (!health.usable) throw new Error(health.reason);
  const connection = health.connection;
  console.error(`[search-index] building the index of ${files.length} transcripts…`);
  // The build yields to other work on the machine (nice 10); the queries run at normal priority again.
  const priority = os.getPriority();
  os.setPriority(Math.max(priority, 10));
  const buildLoad = loadAverage();
  const buildStart = performance.now();
  const built = catchUp(connection, files, true, Number.POSITIVE_INFINITY);
  const buildMs = performance.now() - buildStart;
  if (built.failed.length > 0) throw new Error(`indexing failed: ${built.failed[0]?.reason}`);
  connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  connection.run("INSERT INTO unit_text (unit_text) VALUES ('optimize')");
  connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  connection.exec("VACUUM");
  try {
    os.setPriority(priority);
  } catch {
    // Raising the priority again needs the right to; the queries then run at nice 10, as the build did.
  }
  const stamp: Stamp = { files: files.length, bytes: corpus.bytes, buildMs, buildLoad };
  fs.writeFileSync(stampFile, JSON.stringify(stamp));
  return { index, files, corpus, buildMs, buildLoad, indexBytes: fs.statSync(index.file).size, built: true };
}

if (import.meta.main) {
  const megabytes = Number(process.env.LEDGER_BENCH_MB ?? 500);
  const started = performance.now();
  const { index, buildMs, indexBytes, corpus } = await ensureBenchIndex(megabytes);
  console.error(
    `[search-index] ${megabytes} MB: built in ${(buildMs / 1000).toFixed(0)} s (${(corpus.bytes / 1e6 / (buildMs / 1000)).toFixed(1)} MB/s), ${(indexBytes / 1e6).toFixed(0)} MB; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
  index.close();
}
