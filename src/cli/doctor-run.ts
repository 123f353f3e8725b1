/**
 * Runs doctor's checks in order and applies the repairs `--fix` may make.
 */

import fs from "node:fs";
import { dataLayout } from "../data-dir.js";
import { DataFolderError } from "../errors.js";
import { MIGRATIONS_FOLDER } from "../store/database.js";
import { DATABASE_FILES } from "../store/database-files.js";
import { chooseDriver } from "../store/driver.js";
import { checkOwnPath } from "../store/private-path.js";
import {
  editedFindings,
  type Finding,
  type IndexedTranscript,
  modeFinding,
  orphanFindings,
  scanTranscripts,
} from "./doctor-files.js";
import { optionFindings } from "./doctor-options.js";
import {
  catchUpSearchIndex,
  rebuildSearchIndex,
  searchIndexFindings,
  setAsideSearchIndex,
} from "./doctor-search-index.js";
import { checkStore, driverFinding, migrationsFinding, rebuildFts } from "./doctor-store.js";
import { teamFindings } from "./doctor-team.js";
import { opencodePackageCache, versionFindings } from "./doctor-versions.js";
import { diskFootprint, footprintText } from "./footprint.js";

export interface Diagnosis {
  dataDir: string;
  findings: Finding[];
  storeWritable: boolean;
}

/** `project`: the project holding the current folder, whose team memory file is checked too. */
export async function diagnose(
  dataDir: string,
  project?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Diagnosis> {
  const choice = await chooseDriver();
  const findings: Finding[] = [driverFinding(choice)];
  const options = optionFindings(env, project);
  const migrations = migrationsFinding(MIGRATIONS_FOLDER);
  const team = project === undefined ? [] : teamFindings(project, Date.now());
  const cache = opencodePackageCache(env);
  if (!fs.existsSync(dataDir)) {
    findings.push({
      check: "data folder",
      status: "ok",
      detail: `${dataDir} does not exist yet; it is made at the first save`,
    });
    findings.push(migrations.finding, ...team, ...versionFindings(cache, undefined), ...options);
    return { dataDir, findings, storeWritable: migrations.known !== undefined && choice.driver !== undefined };
  }
  const folder = dataFolderFinding(dataDir);
  if (folder) {
    // A file, or no folder of the user's own: nothing under it is looked at, and nothing is changed.
    findings.push(folder, migrations.finding, ...options);
    return { dataDir, findings, storeWritable: false };
  }
  findings.push(modeFinding("data folder", dataDir, 0o700) ?? { check: "data folder", status: "ok", detail: dataDir });
  findings.push(migrations.finding);
  const { databaseFile: db, transcriptsDir } = dataLayout(dataDir);
  for (const suffix of DATABASE_FILES) {
    const finding = modeFinding(`store mode`, db + suffix, 0o600);
    if (finding) findings.push(finding);
  }
  let storeWritable = migrations.known !== undefined && choice.driver !== undefined;
  let rows: IndexedTranscript[] | undefined;
  let schemaVersion: number | undefined;
  const ownStore = storeIsOwn(db);
  if (!ownStore) {
    // Its link or owner is reported above; what it leads to is not opened.
    storeWritable = false;
    findings.push({ check: "store", status: "fail", detail: `${db} is not looked into: see above` });
  } else if (fs.existsSync(db) && !choice.driver) {
    findings.push({
      check: "store",
      status: "warn",
      detail: `${db} was not opened: no SQLite driver loads here (see "sqlite driver"); nothing says it is damaged`,
    });
  } else if (fs.existsSync(db)) {
    const store = await checkStore(db, migrations.known);
    findings.push(...store.findings);
    storeWritable &&= store.writable;
    rows = store.transcriptRows;
    schemaVersion = store.schemaVersion;
  } else {
    findings.push({ check: "store", status: "ok", detail: `${db} does not exist yet; it is made at the first save` });
  }
  if (fs.existsSync(transcriptsDir)) {
    const scan = scanTranscripts(transcriptsDir);
    findings.push(...scan.findings);
    if (rows !== undefined || !fs.existsSync(db))
      findings.push(...orphanFindings(transcriptsDir, scan.files, rows ?? [], scan.links));
    if (rows) findings.push(...editedFindings(transcriptsDir, scan.files, rows));
    else {
      findings.push({
        check: "transcripts index",
        status: "warn",
        detail: "not compared: the store's index could not be read",
      });
    }
  }
  findings.push(...(await searchIndexFindings(dataDir)));
  findings.push({ check: "disk footprint", status: "ok", detail: footprintText(diskFootprint(dataDir, env)) });
  findings.push(...team);
  findings.push(...versionFindings(cache, schemaVersion), ...options);
  return { dataDir, findings, storeWritable };
}

/** False when the store file or a side file is a link, not a file, or another user's. */
function storeIsOwn(db: string): boolean {
  try {
    for (const suffix of DATABASE_FILES) checkOwnPath(db + suffix, "file");
    return true;
  } catch (error) {
    if (error instanceof DataFolderError) return false;
    throw error;
  }
}

/** The data folder, followed if it is a link, must be a folder of the user's own. */
function dataFolderFinding(dataDir: string): Finding | undefined {
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) {
    return {
      check: "data folder",
      status: "fail",
      detail: `${dataDir} is a file, not a folder; nothing was looked at or changed`,
      fix: "name a folder (--data-dir, or the plugin's dataDir option), or move the file aside",
    };
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    return {
      check: "data folder",
      status: "fail",
      detail: `${dataDir} belongs to another user (uid ${stat.uid}; you are uid ${uid}); opencode-ledger does not use it, and nothing was changed`,
      fix: "use a data folder of your own (--data-dir, or the plugin's dataDir option), or run as its owner",
    };
  }
  return undefined;
}

/** Applies the repairs doctor knows; returns what was done, a line each. */
export async function repair(diagnosis: Diagnosis): Promise<string[]> {
  const done: string[] = [];
  let rebuilt = false;
  for (const finding of diagnosis.findings) {
    const fix = finding.repair;
    if (!fix) continue;
    if (fix.kind === "mode") {
      done.push(tighten(fix.path, fix.mode));
    } else if (fix.kind === "search-index") {
      done.push(await rebuildSearchIndex(diagnosis.dataDir));
    } else if (fix.kind === "search-index-aside") {
      done.push(await setAsideSearchIndex(diagnosis.dataDir));
    } else if (fix.kind === "search-index-catch-up") {
      done.push(await catchUpSearchIndex(diagnosis.dataDir));
    } else if (diagnosis.storeWritable && !rebuilt) {
      // Two findings may ask for it (a mismatch and stale terms); one rebuild answers both.
      rebuilt = true;
      await rebuildFts(dataLayout(diagnosis.dataDir).databaseFile);
      done.push("the full-text index was rebuilt from the entries");
    }
  }
  return done;
}

/**
 * chmod through a descriptor opened without following a link, so what is changed is the file doctor looked at, even
 * if it was swapped for a link meanwhile; says what really happened.
 */
function tighten(file: string, mode: number): string {
  const octal = `0${mode.toString(8)}`;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    fs.fchmodSync(fd, mode);
    const now = fs.fstatSync(fd).mode & 0o777;
    return now === mode ? `${file} is now ${octal}` : `${file} could not be made ${octal}: it is 0${now.toString(8)}`;
  } catch (error) {
    return `${file} was not changed: ${(error as NodeJS.ErrnoException).code === "ELOOP" ? "it is a symbolic link" : (error as Error).message}`;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
