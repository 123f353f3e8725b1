/**
 * Runs doctor's checks in order and applies the repairs `--fix` may make.
 */
import fs from "node:fs";
import { dataLayout } from "../data-dir.js";
import { MIGRATIONS_FOLDER } from "../store/database.js";
import { chooseDriver } from "../store/driver.js";
import { type Finding, modeFinding, orphanFindings, scanTranscripts } from "./doctor-files.js";
import { checkStore, driverFinding, migrationsFinding, rebuildFts } from "./doctor-store.js";
import { opencodePackageCache, versionFindings } from "./doctor-versions.js";

export interface Diagnosis {
  dataDir: string;
  findings: Finding[];
  storeWritable: boolean;
}

export async function diagnose(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Diagnosis> {
  const choice = await chooseDriver();
  const findings: Finding[] = [driverFinding(choice)];
  const migrations = migrationsFinding(MIGRATIONS_FOLDER);
  const cache = opencodePackageCache(env);
  if (!fs.existsSync(dataDir)) {
    findings.push({
      check: "data folder",
      status: "ok",
      detail: `${dataDir} does not exist yet; it is made at the first save`,
    });
    findings.push(migrations.finding, ...versionFindings(cache, undefined));
    return { dataDir, findings, storeWritable: migrations.known !== undefined && choice.driver !== undefined };
  }
  findings.push(modeFinding("data folder", dataDir, 0o700) ?? { check: "data folder", status: "ok", detail: dataDir });
  findings.push(migrations.finding);
  const { databaseFile: db, transcriptsDir } = dataLayout(dataDir);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    const finding = modeFinding(`store mode`, db + suffix, 0o600);
    if (finding) findings.push(finding);
  }
  let storeWritable = migrations.known !== undefined && choice.driver !== undefined;
  let rows: { sessionId: string; path: string }[] | undefined;
  let schemaVersion: number | undefined;
  if (fs.existsSync(db) && !choice.driver) {
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
      findings.push(...orphanFindings(transcriptsDir, scan.files, rows ?? []));
    else {
      findings.push({
        check: "transcripts index",
        status: "warn",
        detail: "not compared: the store's index could not be read",
      });
    }
  }
  findings.push(...versionFindings(cache, schemaVersion));
  return { dataDir, findings, storeWritable };
}

/** Applies the repairs doctor knows; returns what was done, a line each. */
export async function repair(diagnosis: Diagnosis): Promise<string[]> {
  const done: string[] = [];
  for (const finding of diagnosis.findings) {
    const fix = finding.repair;
    if (!fix) continue;
    if (fix.kind === "mode") {
      fs.chmodSync(fix.path, fix.mode);
      done.push(`${fix.path} is now 0${fix.mode.toString(8)}`);
    } else if (diagnosis.storeWritable) {
      await rebuildFts(dataLayout(diagnosis.dataDir).databaseFile);
      done.push("the full-text index was rebuilt from the entries");
    }
  }
  return done;
}
