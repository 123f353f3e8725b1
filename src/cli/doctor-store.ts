/**
 * Doctor's store checks. The store is opened without the plugin's opening routine: no migration and no journal
 * switch, so a store that is too new or broken is looked at and never changed. The one statement that needs a write
 * lock (FTS5's integrity-check) runs in a transaction that is rolled back.
 */
import { DRIVER_FIX, NoDriverError } from "../errors.js";
import { knownSchemaVersion } from "../store/database.js";
import { connect, type DriverChoice, isBun, type SqliteConnection } from "../store/driver.js";
import type { Finding, IndexedTranscript } from "./doctor-files.js";
import { RELAUNCHED } from "./relaunch.js";

export interface StoreReport {
  findings: Finding[];
  /** Index rows of the transcripts, when the store could be read. */
  transcriptRows?: IndexedTranscript[];
  /** Whether the store can be opened and changed by this version (for --fix). */
  writable: boolean;
  /** The store's schema version, when it could be read. */
  schemaVersion?: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const CORRUPT_FIX =
  "stop OpenCode, move ledger.db (and ledger.db-wal, ledger.db-shm) aside, e.g. to ledger.db.broken: a new store is made at the next save. To recover entries from the broken copy, try `sqlite3 ledger.db.broken .recover | sqlite3 recovered.db`, or `opencode-ledger --data-dir <copy> export` if it still opens";

/** Which SQLite driver runs here, or that none loads: a fault of this runtime, never of the store. */
export function driverFinding(choice: DriverChoice): Finding {
  const { driver, missed } = choice;
  if (!driver) {
    return {
      check: "sqlite driver",
      status: "fail",
      detail: `no SQLite driver loads here (${missed.map((m) => `${m.name}: ${m.reason}`).join("; ")}); the store is not damaged by this, it cannot be opened from here`,
      fix: DRIVER_FIX,
    };
  }
  const runtime = isBun
    ? process.env[RELAUNCHED] === "1"
      ? "OpenCode's runtime, started by the tool because its Node has no SQLite driver"
      : `Bun ${process.versions.bun ?? ""}`.trim()
    : `Node ${process.versions.node}`;
  return {
    check: "sqlite driver",
    status: "ok",
    detail: `${driver.name} (SQLite ${driver.sqliteVersion}) in ${runtime}`,
  };
}

export function migrationsFinding(folder: string): { finding: Finding; known: number | undefined } {
  try {
    const known = knownSchemaVersion(folder);
    return { known, finding: { check: "migrations", status: "ok", detail: `${folder} (schema version ${known})` } };
  } catch (error) {
    return {
      known: undefined,
      finding: {
        check: "migrations",
        status: "fail",
        detail: `the migrations folder is missing or unreadable: ${folder} (${message(error).replace(/^\[opencode-ledger\] /, "")})`,
        fix: "reinstall opencode-ledger (npm install -g opencode-ledger); the package ships this folder",
      },
    };
  }
}

function tableExists(c: SqliteConnection, name: string): boolean {
  return c.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = ?", name)?.n === 1;
}

export async function checkStore(file: string, known: number | undefined): Promise<StoreReport> {
  const findings: Finding[] = [];
  let c: SqliteConnection;
  try {
    c = await connect(file, { readonly: false });
    c.exec("PRAGMA busy_timeout = 10000");
  } catch (error) {
    if (error instanceof NoDriverError) {
      findings.push({ check: "store", status: "warn", detail: `${file} was not opened: ${message(error)}` });
      return { findings, writable: false };
    }
    findings.push({
      check: "store",
      status: "fail",
      detail: `${file} cannot be opened: ${message(error)}`,
      fix: CORRUPT_FIX,
    });
    return { findings, writable: false };
  }
  try {
    let version: number;
    try {
      version = c.get<{ user_version: number }>("PRAGMA user_version")?.user_version ?? 0;
    } catch (error) {
      findings.push({
        check: "store",
        status: "fail",
        detail: `${file} is not a readable SQLite store: ${message(error)}`,
        fix: CORRUPT_FIX,
      });
      return { findings, writable: false };
    }
    let writable = true;
    if (known === undefined) {
      findings.push({
        check: "schema",
        status: "warn",
        detail: `store schema version ${version}; the known version is unknown (migrations missing)`,
      });
      writable = false;
    } else if (version > known) {
      writable = false;
      findings.push({
        check: "schema",
        status: "fail",
        detail: `store schema version ${version} is newer than this opencode-ledger knows (${known}); it is only read, never changed`,
        fix: "upgrade opencode-ledger (npm install -g opencode-ledger@latest) to the version that wrote it",
      });
    } else if (version < known) {
      findings.push({
        check: "schema",
        status: "warn",
        detail: `store schema version ${version}, this version knows ${known}: it is migrated the next time it is opened for a change`,
      });
    } else findings.push({ check: "schema", status: "ok", detail: `schema version ${version}` });

    try {
      const result = c.get<{ integrity_check: string }>("PRAGMA integrity_check")?.integrity_check ?? "no answer";
      if (result === "ok") findings.push({ check: "integrity", status: "ok", detail: "PRAGMA integrity_check: ok" });
      else {
        writable = false;
        findings.push({
          check: "integrity",
          status: "fail",
          detail: `PRAGMA integrity_check: ${result}`,
          fix: CORRUPT_FIX,
        });
      }
    } catch (error) {
      findings.push({
        check: "integrity",
        status: "fail",
        detail: `the store is damaged: ${message(error)}`,
        fix: CORRUPT_FIX,
      });
      return { findings, writable: false };
    }

    if (tableExists(c, "entries_fts")) findings.push(ftsFinding(c), staleTermsFinding(c));
    else if (version > 0) {
      findings.push({
        check: "memory index",
        status: "fail",
        detail: "the full-text table entries_fts is missing",
        fix: CORRUPT_FIX,
      });
    }
    const transcriptRows = tableExists(c, "transcripts") ? readTranscriptRows(c) : undefined;
    return { findings, transcriptRows, writable, schemaVersion: version };
  } finally {
    c.close();
  }
}

function ftsFinding(c: SqliteConnection): Finding {
  const entries = c.get<{ n: number }>("SELECT count(*) AS n FROM entries")?.n ?? 0;
  try {
    c.exec("BEGIN");
    try {
      // rank 1 makes FTS5 compare the index with the entries table too, not only check itself.
      c.exec("INSERT INTO entries_fts(entries_fts, rank) VALUES('integrity-check', 1)");
    } finally {
      c.exec("ROLLBACK");
    }
    return {
      check: "memory index",
      status: "ok",
      detail: `full-text index consistent with ${entries} entr${entries === 1 ? "y" : "ies"}`,
    };
  } catch (error) {
    return {
      check: "memory index",
      status: "fail",
      detail: `the full-text index does not match the entries (${message(error)}): search misses or shows wrong entries`,
      fix: 'rebuild it from the entries with "opencode-ledger doctor --fix"',
      repair: { kind: "fts" },
    };
  }
}

/**
 * The segment table keeps each index leaf's first term as a separator; one whose term no live entry holds any more
 * is a fragment of a word that was edited or deleted away (a purge compacts the index, so it never leaves one).
 */
function staleTermsFinding(c: SqliteConnection): Finding {
  try {
    c.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.ledger_vocab USING fts5vocab(main, entries_fts, 'row')");
    // The first byte of a separator says which index it belongs to (the full terms or a prefix index).
    const stale =
      c.get<{ n: number }>(`
        SELECT count(*) AS n FROM (SELECT CAST(substr(term, 2) AS TEXT) AS t FROM entries_fts_idx WHERE length(term) > 1)
        WHERE NOT EXISTS (SELECT 1 FROM temp.ledger_vocab v WHERE v.term >= t AND v.term < t || char(1114111))`)?.n ??
      0;
    if (stale === 0)
      return { check: "memory index terms", status: "ok", detail: "every indexed term is held by an entry" };
    return {
      check: "memory index terms",
      status: "warn",
      detail: `the full-text index keeps ${stale} fragment(s) of words no entry holds any more (left by edits or deletes): they cannot be searched, but they are in the file`,
      fix: 'rewrite the index from the entries with "opencode-ledger doctor --fix"',
      repair: { kind: "fts" },
    };
  } catch (error) {
    return {
      check: "memory index terms",
      status: "warn",
      detail: `the index's terms could not be compared with the entries: ${message(error)}`,
    };
  } finally {
    c.exec("DROP TABLE IF EXISTS temp.ledger_vocab");
  }
}

function readTranscriptRows(c: SqliteConnection): IndexedTranscript[] {
  // A store before migration 0007 has no tail hash: its rows are compared by size only.
  const hasHash = c.get<{ n: number }>(
    "SELECT count(*) AS n FROM pragma_table_info('transcripts') WHERE name = 'tail_hash'",
  );
  const tailHash = hasHash?.n === 1 ? "tail_hash" : "NULL";
  // The driver's `get` returns one row; paths are read with a JSON aggregate so both runtimes answer the same shape.
  const json = c.get<{ rows: string | null }>(
    `SELECT json_group_array(json_object('sessionId', session_id, 'path', path, 'bytes', bytes, 'tailHash', ${tailHash})) AS rows FROM transcripts`,
  )?.rows;
  return json ? (JSON.parse(json) as IndexedTranscript[]) : [];
}

/**
 * `doctor --fix`: rebuilds the full-text index from the entries table, then folds the WAL back so the old index pages
 * (zeroed by secure_delete) are not kept in it.
 */
export async function rebuildFts(file: string): Promise<void> {
  const c = await connect(file, { readonly: false });
  try {
    c.exec("PRAGMA busy_timeout = 10000");
    c.exec("PRAGMA secure_delete = ON");
    c.exec("INSERT INTO entries_fts(entries_fts) VALUES('rebuild')");
    c.get("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    c.close();
  }
}
