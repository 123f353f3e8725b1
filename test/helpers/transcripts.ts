import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext, type IndexedDataContext } from "../../src/services.js";
import type { SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { tempDir } from "./temp-dir.js";

/**
 * The corpus of real `opencode export` files beside the checkout (`<repo>/../shared/corpus`), or beside a folder
 * above it (a worktree one level down); `LEDGER_CORPUS_DIR` names it explicitly.
 */
export const CORPUS_DIR = findCorpus();

function findCorpus(): string {
  const explicit = process.env.LEDGER_CORPUS_DIR;
  if (explicit) return path.resolve(explicit);
  if (process.env.LEDGER_CORPUS) return path.resolve(process.env.LEDGER_CORPUS, "opencode-export");
  const repo = fileURLToPath(new URL("../..", import.meta.url));
  const candidates = [1, 2].map((up) =>
    path.resolve(repo, ...Array<string>(up).fill(".."), "shared", "corpus", "opencode-export"),
  );
  return candidates.find((dir) => fs.existsSync(dir)) ?? (candidates[0] as string);
}

export function corpusFiles(): string[] {
  if (!fs.existsSync(CORPUS_DIR)) {
    throw new Error(
      `the session corpus is missing: expected real opencode exports in ${CORPUS_DIR} (shared/ beside the checkout)`,
    );
  }
  const files = fs
    .readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join(CORPUS_DIR, f));
  if (files.length === 0) throw new Error(`the session corpus ${CORPUS_DIR} holds no .json exports`);
  return files;
}

/** The corpus's exports and those of other people's projects and agents (`more/`). */
export function corpusAndMoreFiles(): string[] {
  const more = path.dirname(sharedSessionFile("more", "session__"));
  return [
    ...corpusFiles(),
    ...fs
      .readdirSync(more)
      .filter((f) => /^session__.*\.json$/.test(f))
      .map((f) => path.join(more, f)),
  ];
}

/** Every session of the shared data: the corpus, `more/` and opencode-lore's two (what the recall evaluation searches). */
export function everySessionFile(): string[] {
  return [...corpusAndMoreFiles(), sharedSessionFile("lore", "CliNightly"), sharedSessionFile("lore", "Sentry")];
}

/** One export of the corpus, by a part of its file name (its session id). */
export function corpusFile(name: string): string {
  const file = corpusFiles().find((f) => f.includes(name));
  if (!file) throw new Error(`the session ${name} is missing from the corpus ${CORPUS_DIR}`);
  return file;
}

export type TestDataContext = IndexedDataContext & { log: ReturnType<typeof createMemoryLogger> };

/** A data context over a fresh data folder; `options` are plugin options as a user would write them. */
export function testDataContext(options: Record<string, unknown> = {}, clock?: () => number): TestDataContext {
  const dataDir = path.join(tempDir(), "data");
  const parsed = parseOptions({ ...options, dataDir });
  if (parsed.problems.length > 0) throw new Error(parsed.problems.map((p) => p.message).join("; "));
  const log = createMemoryLogger();
  return createDataContext(parsed.options, log, clock) as TestDataContext;
}

/** The lines of a transcript, split into number and text; checks the line format on the way. */
export function readTranscript(file: string): { number: number; text: string }[] {
  const raw = fs.readFileSync(file, "utf8");
  if (raw.length > 0 && !raw.endsWith("\n")) throw new Error(`${file} does not end with a newline`);
  return raw
    .split("\n")
    .slice(0, -1)
    .map((line, i) => {
      const match = /^( {0,5}\d{1,6}|\d{7,})\t(.*)$/s.exec(line);
      if (!match)
        throw new Error(`line ${i + 1} of ${file} is not "<number>\\t<text>": ${JSON.stringify(line.slice(0, 80))}`);
      return { number: Number(match[1]), text: match[2] as string };
    });
}

/** A deep copy of an export, so a test can grow or change it without touching the cache of another. */
export function cloneExport(data: SessionExport): SessionExport {
  return structuredClone(data);
}

/**
 * A real session of the shared data beside the corpus: `more/` (other people's sessions with other agents, their
 * tool calls and outputs kept) or `recall-eval/lore/` (opencode-lore's two long sessions), by a part of its file name.
 */
export function sharedSessionFile(folder: "more" | "lore", name: string): string {
  const dir =
    folder === "more"
      ? path.resolve(CORPUS_DIR, "..", "more")
      : path.resolve(CORPUS_DIR, "..", "..", "recall-eval", "lore");
  const file = fs.existsSync(dir)
    ? fs.readdirSync(dir).find((f) => f.endsWith(".json") && f.includes(name))
    : undefined;
  if (!file) throw new Error(`the shared session ${name} is missing from ${dir} (shared/ beside the checkout)`);
  return path.join(dir, file);
}
