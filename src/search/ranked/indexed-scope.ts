/**
 * The transcripts in scope as the index records them (path, size, inode at the point indexed), for a ranked search
 * whose folders this process listed lately (listing-marks.ts). Nothing is loaded per transcript:
 * the count and bytes come from one aggregate, and a transcript's record is looked up only when a candidate comes
 * from it. Only records shaped like one of our files are taken; each transcript a hit comes from is checked on disk
 * before it is shown (`notCurrent`).
 */
import path from "node:path";
import type { IndexRows, SqlValue } from "../../transcripts/index/index-reader.js";
import { realFolder, type TranscriptFile, transcriptEntry } from "../../transcripts/listing.js";
import { TRANSCRIPT_EXT, transcriptOfRelative } from "../../transcripts/paths.js";

const COLUMNS = "session_id, relative, scope, ino, bytes, mtime_ms";

interface SessionRecord {
  session_id: string;
  relative: string;
  scope: string | null;
  ino: number;
  bytes: number;
  mtime_ms: number;
}

function fileOfRecord(transcriptsDir: string, row: SessionRecord): TranscriptFile | undefined {
  const named = transcriptOfRelative(row.relative);
  if (named?.sessionID !== row.session_id) return undefined;
  const relative = path.join(named.folder, `${row.session_id}${TRANSCRIPT_EXT}`);
  return {
    sessionID: row.session_id,
    path: path.join(transcriptsDir, relative),
    relative,
    size: row.bytes,
    mtimeMs: row.mtime_ms,
    ino: row.ino,
    ...(row.scope ? { scope: row.scope } : {}),
  };
}

/**
 * The count and bytes of the transcripts a condition keeps: an aggregate over every session record (a few ms at tens
 * of thousands of transcripts), read again only once the index has changed: another connection committed (its data
 * version) or this one wrote (its count of changes).
 */
const seen = new WeakMap<IndexRows, { version: string; totals: Map<string, { n: number; bytes: number }> }>();

function scopeTotals(connection: IndexRows, where: string, params: SqlValue[]): { n: number; bytes: number } {
  const state = connection.get<{ data: number; changes: number }>(
    "SELECT (SELECT data_version FROM pragma_data_version) AS data, total_changes() AS changes",
  );
  const version = `${state?.data}:${state?.changes}`;
  let known = seen.get(connection);
  if (known?.version !== version) {
    known = { version, totals: new Map() };
    seen.set(connection, known);
  }
  const key = `${where}\u0000${JSON.stringify(params)}`;
  let total = known.totals.get(key);
  if (total === undefined) {
    const row = connection.get<{ n: number; bytes: number }>(
      `SELECT count(*) AS n, total(bytes) AS bytes FROM sessions${where}`,
      ...params,
    );
    total = { n: row?.n ?? 0, bytes: row?.bytes ?? 0 };
    known.totals.set(key, total);
  }
  return total;
}

/** The index's record of the transcripts of some project folders (undefined: every folder), read on demand. */
export class IndexedFiles {
  /** Transcripts this search brought in or left out, over the index's record (null: left out). */
  private readonly changed = new Map<string, TranscriptFile | null>();
  private readonly looked = new Map<string, TranscriptFile | undefined>();
  /** Whether each folder a candidate came from is a real folder (not a link), looked at once per search. */
  private readonly real = new Map<string, boolean>();
  count: number;
  bytes: number;

  constructor(
    private readonly connection: IndexRows,
    private readonly transcriptsDir: string,
    /** The project folders in scope; undefined: every one. */
    readonly folders: readonly string[] | undefined,
    /** The project of every transcript in scope, when it is one. */
    private readonly scope?: string,
  ) {
    const total = scopeTotals(connection, this.where(), this.params());
    this.count = total.n;
    this.bytes = total.bytes;
  }

  /**
   * The condition on a sessions' `relative` column that keeps the folders in scope (its project folder is what it
   * holds before the first separator), with its parameters; undefined when every folder is in scope.
   */
  folderCondition(column: string): { sql: string; params: SqlValue[] } | undefined {
    if (!this.folders) return undefined;
    return {
      sql: `substr(${column}, 1, instr(${column}, '/') - 1) IN (SELECT value FROM json_each(?))`,
      params: [JSON.stringify(this.folders)],
    };
  }

  private where(): string {
    const condition = this.folderCondition("relative");
    return condition ? ` WHERE ${condition.sql}` : "";
  }

  private params(): SqlValue[] {
    return this.folderCondition("relative")?.params ?? [];
  }

  /** The transcript of a session in scope, as this search knows it; undefined when it is not one of ours in scope. */
  fileOf(sessionID: string): TranscriptFile | undefined {
    const changed = this.changed.get(sessionID);
    if (changed !== undefined) return changed ?? undefined;
    if (this.looked.has(sessionID)) return this.looked.get(sessionID);
    const row = this.connection.get<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE session_id = ?`, sessionID);
    let file = row ? fileOfRecord(this.transcriptsDir, row) : undefined;
    if (file && this.folders && !this.folders.includes(path.dirname(file.relative))) file = undefined;
    // Nothing is read through a link planted for the transcripts folder or a project's folder.
    if (file && !(this.realFolder("") && this.realFolder(path.dirname(file.relative)))) file = undefined;
    if (file && this.scope) file.scope = this.scope;
    this.looked.set(sessionID, file);
    return file;
  }

  /** `realFolder` of a folder under the transcripts folder, asked once per search. */
  private realFolder(folder: string): boolean {
    let real = this.real.get(folder);
    if (real === undefined) {
      real = realFolder(path.join(this.transcriptsDir, folder));
      this.real.set(folder, real);
    }
    return real;
  }

  /** Every record in scope, by session (for a row-by-row comparison with the store's catalog). */
  records(): Map<string, { size: number; ino: number }> {
    const rows = this.connection.all<{ session_id: string; bytes: number; ino: number }>(
      `SELECT session_id, bytes, ino FROM sessions${this.where()}`,
      ...this.params(),
    );
    return new Map(rows.map((r) => [r.session_id, { size: r.bytes, ino: r.ino }]));
  }

  /** A transcript indexed by this search, as it is now. */
  replace(file: TranscriptFile): void {
    const before = this.fileOf(file.sessionID);
    if (before) this.bytes += file.size - before.size;
    else {
      this.count++;
      this.bytes += file.size;
    }
    this.changed.set(file.sessionID, this.scope ? { ...file, scope: this.scope } : file);
  }

  /** A transcript this search leaves out (gone, or not indexed). */
  drop(sessionID: string): void {
    const before = this.fileOf(sessionID);
    if (before) {
      this.count--;
      this.bytes -= before.size;
    }
    this.changed.set(sessionID, null);
  }
}

/**
 * The transcripts among `files` that are not, on disk, what the index recorded: gone, no longer a regular file of
 * ours in a real folder, another file, or another size. Each comes with its entry as it is now, when there is one.
 */
export function notCurrent(
  transcriptsDir: string,
  files: readonly TranscriptFile[],
): { file: TranscriptFile; now?: TranscriptFile }[] {
  const out: { file: TranscriptFile; now?: TranscriptFile }[] = [];
  for (const file of files) {
    const folder = path.dirname(file.relative);
    const now = transcriptEntry(transcriptsDir, folder, path.basename(file.relative));
    if (now && now.ino === file.ino && now.size === file.size) continue;
    out.push(now ? { file, now: { ...now, scope: file.scope, title: file.title } } : { file });
  }
  return out;
}
