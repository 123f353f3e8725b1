/** The index's rows read back for comparison: units per session in line order, and the sessions' coverage. */

import path from "node:path";
import { connectIndex, type IndexConnection } from "../../src/transcripts/index/index-connection.js";
import { rebuildIndex } from "../../src/transcripts/index/index-maintenance.js";
import { compoundsOf, type IndexedText, wordsOf } from "../../src/transcripts/index/index-tokens.js";
import { INDEX_FILE, SearchIndex } from "../../src/transcripts/index/search-index.js";
import { MARKER_ROWS, ROLE_CODES, unitRangeSql } from "../../src/transcripts/index/unit-columns.js";
import { tempDir } from "./temp-dir.js";
import { readTranscript } from "./transcripts.js";

export interface UnitDump {
  session_id: string;
  first_line: number;
  last_line: number;
  byte_start: number;
  byte_end: number;
  role: string;
  tool: string | null;
  time: number | null;
}

export async function dumpIndex(dataDir: string) {
  const c = await connectIndex(path.join(dataDir, INDEX_FILE), { readonly: true });
  try {
    const units = c.all<UnitDump>(
      `SELECT s.session_id, ${unitRangeSql("u")}, tool, time FROM units u JOIN sessions s ON s.sid = u.sid ORDER BY s.session_id, first_line`,
    );
    const sessions = c.all<{ session_id: string; lines: number; bytes: number }>(
      "SELECT session_id, lines, bytes FROM sessions ORDER BY session_id",
    );
    const text = c.get<{ n: number }>(
      "SELECT count(*) AS n FROM unit_text WHERE unit_text MATCH 'build OR module OR fixed'",
    );
    return { units, sessions, matching: text?.n ?? 0, markerWords: markerWords(c), totals: totals(c) };
  } finally {
    c.close();
  }
}

/**
 * The terms `marker_text` holds for each session (its bare marker lines' words, as FTS5 stores them), sorted: the
 * same whatever updates wrote them, one row for a whole file or one per update.
 */
function markerWords(c: IndexConnection): Record<string, string[]> {
  c.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.marker_vocab USING fts5vocab(main, marker_text, instance)");
  const rows = c.all<{ session_id: string; term: string }>(
    `SELECT DISTINCT s.session_id, v.term FROM temp.marker_vocab v JOIN sessions s ON s.sid = v.doc / ${MARKER_ROWS}
       ORDER BY s.session_id, v.term`,
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) out[r.session_id] = [...(out[r.session_id] ?? []), r.term];
  return out;
}

/** The running totals the index keeps (the sessions' bytes, the ids of their bare lines), and the sums they stand for. */
export function totals(c: IndexConnection): { bytes: number; bytesSum: number; bare: number; bareSum: number } {
  const kept = c.get<{ bytes: number; bare: number }>("SELECT bytes, bare FROM index_totals");
  const sums = c.get<{ bytes: number; bare: number }>(
    "SELECT coalesce(sum(bytes), 0) AS bytes, coalesce(sum(bare), 0) AS bare FROM sessions",
  );
  return { bytes: kept?.bytes ?? -1, bytesSum: sums?.bytes ?? -1, bare: kept?.bare ?? -1, bareSum: sums?.bare ?? -1 };
}

/**
 * The index as it stands, and as a rebuild from the transcript files makes it (the rebuild replaces it): equal when
 * the index was kept in step, whatever order and batches it was written in. Close the index before.
 */
export async function dumpAndRebuild(dataDir: string, transcriptsDir: string) {
  const dump = await dumpIndex(dataDir);
  await rebuildIndex(dataDir, transcriptsDir);
  return { dump, rebuilt: await dumpIndex(dataDir) };
}

/**
 * A real index file in a temp folder whose units hold the given words (one unit each, ids from 1, one session), for
 * tests of what the index answers without transcripts behind it.
 */
export async function indexOfWords(
  texts: readonly string[],
): Promise<{ connection: IndexConnection; close: () => void }> {
  const index = new SearchIndex(tempDir());
  const health = await index.forWriting();
  if (!health.usable) throw new Error(health.reason);
  const c = health.connection;
  c.exec("BEGIN");
  c.run(
    "INSERT INTO sessions (session_id, relative, ino, lines, bytes, tail_hash, state, mtime_ms) VALUES ('ses_words', 'w.md', 0, 0, 0, '', '{}', 0)",
  );
  for (const [i, words] of texts.entries()) {
    c.run(
      "INSERT INTO units (id, sid, first_line, line_span, byte_start, byte_span, role_code) VALUES (?, 1, ?, 0, 0, 0, ?)",
      i + 1,
      i + 1,
      ROLE_CODES.user,
    );
    c.run("INSERT INTO unit_text (rowid, words, whole) VALUES (?, ?, '')", i + 1, words);
  }
  c.exec("COMMIT");
  return { connection: c, close: () => index.close() };
}

/**
 * A unit's two columns line by line, each line's words and compounds as the query side reads them: the tokens
 * `unitColumns` of the joined lines must hold.
 */
export function columnsByLine(lines: readonly string[]): IndexedText {
  const joined = (parts: string[][]) =>
    parts
      .filter((p) => p.length > 0)
      .map((p) => p.join(" "))
      .join("\n");
  return { words: joined(lines.map(wordsOf)), whole: joined(lines.map(compoundsOf)) };
}

/**
 * The lines of a transcript that are in no unit of `units` (the dump of its session), blank lines left out: only
 * bare marker lines (message headers, step notes) may be, by the index's rules.
 */
export function linesInNoUnit(units: readonly Pick<UnitDump, "first_line" | "last_line">[], file: string): string[] {
  const covered = new Set(
    units.flatMap((u) => Array.from({ length: u.last_line - u.first_line + 1 }, (_, i) => u.first_line + i)),
  );
  return readTranscript(file)
    .filter((l) => !covered.has(l.number) && l.text.trim() !== "")
    .map((l) => l.text);
}
