/**
 * The sessions of the coding-session recall evaluation: 30 real coding sessions written by other people (the six
 * OpenCode exports of the shared corpus, the sessions of other projects and agents converted to OpenCode exports in
 * `corpus/more/`, and opencode-lore's two), exported by the plugin's own exporter into one project of a fresh data
 * folder, with each transcript's lines and the line range of each message.
 */
import fs from "node:fs";
import path from "node:path";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext, type IndexedDataContext } from "../src/services.js";
import { exportTranscripts } from "../src/transcripts/export/export-transcript.js";
import { createExportFileSource } from "../src/transcripts/source/export-file-source.js";
import { sharedDir } from "./shared-dir.js";

/** The project every session is exported into (the scope the question writers' transcripts were rendered in). */
export const PROJECT = "/eval/project";

/** One message of a transcript: its lines `from`..`to` (1-based, inclusive), as the transcript renders them. */
export interface MessageLines {
  id: string;
  from: number;
  to: number;
}

export interface ExportedSession {
  id: string;
  /** The transcript's text lines (index 0 is line 1), without the number prefix. */
  lines: string[];
  messages: MessageLines[];
  /** When its last message was written (ms since the epoch). */
  lastTime: number;
}

export interface CodingCorpus {
  data: IndexedDataContext;
  sessions: Map<string, ExportedSession>;
  /** The export files read, for the report. */
  files: string[];
}

/** opencode-lore's two sessions and its questions, within the shared folder. */
export const LORE_DIR = "recall-eval/lore";

const SOURCES: readonly { dir: string; pattern: RegExp }[] = [
  { dir: "corpus/opencode-export", pattern: /\.json$/ },
  { dir: "corpus/more", pattern: /^session__.*\.json$/ },
  { dir: LORE_DIR, pattern: /^ses_.*\.json$/ },
];

/**
 * The export files of the evaluation's sessions (only opencode-lore's two with `loreOnly`); a missing folder is an
 * error naming it and LEDGER_SHARED.
 */
export function sessionFiles(shared = sharedDir(), loreOnly = false): string[] {
  return SOURCES.filter((s) => !loreOnly || s.dir === LORE_DIR).flatMap(({ dir, pattern }) => {
    const full = path.join(shared, dir);
    if (!fs.existsSync(full)) {
      throw new Error(`[coding-recall] the sessions are missing: ${full} (set LEDGER_SHARED to the shared folder)`);
    }
    return fs
      .readdirSync(full)
      .filter((f) => pattern.test(f))
      .sort()
      .map((f) => path.join(full, f));
  });
}

const sessionIdOf = (file: string) => /(ses_[A-Za-z0-9]+)\.json$/.exec(file)?.[1];

/** Reads a transcript file into its text lines (the number prefix `   123\t` dropped). */
export function transcriptLines(file: string): string[] {
  const raw = fs.readFileSync(file, "utf8");
  return raw
    .split("\n")
    .slice(0, raw.endsWith("\n") ? -1 : undefined)
    .map((line) => line.slice(line.indexOf("\t") + 1));
}

/** Exports every session into one project of a data folder that `dataDir` names (made empty beforehand). */
export async function exportCorpus(dataDir: string, files = sessionFiles()): Promise<CodingCorpus> {
  const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
  const source = createExportFileSource(files);
  const ids = files.map((f) => {
    const id = sessionIdOf(f);
    if (!id) throw new Error(`[coding-recall] no session id in the file name ${f}`);
    return id;
  });
  const results = await exportTranscripts(ids.map((sessionID) => ({ data, source, sessionID, scope: PROJECT })));
  const sessions = new Map<string, ExportedSession>();
  for (const [i, result] of results.entries()) {
    if (!result || result instanceof Error) throw result ?? new Error(`[coding-recall] no export of ${ids[i]}`);
    const lines = transcriptLines(result.path);
    const starts = result.messages
      .map((m) => ({ id: m.info.id, from: result.lines.message(m.info.id) }))
      .filter((m): m is { id: string; from: number } => m.from !== undefined)
      .sort((a, b) => a.from - b.from);
    const messages = starts.map((m, j) => ({ ...m, to: (starts[j + 1]?.from ?? lines.length + 1) - 1 }));
    const lastTime = Math.max(0, ...result.messages.map((m) => m.info.time.created));
    sessions.set(result.sessionID, { id: result.sessionID, lines, messages, lastTime });
  }
  return { data, sessions, files };
}
