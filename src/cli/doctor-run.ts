/**
 * Runs doctor's checks in order and applies the repairs `--fix` may make.
 */
import fs from "node:fs";
import { dataLayout } from "../data-dir.js";
import { MIGRATIONS_FOLDER } from "../store/database.js";
import { type Finding, modeFinding, orphanFindings, scanTranscripts } from "./doctor-files.js";
import { checkStore, migrationsFinding, rebuildFts } from "./doctor-store.js";

export interface Diagnosis {
  dataDir: string;
  findings: Finding[];
  storeWritable: boolean;
}

export async function diagnose(dataDir: string): Promise<Diagnosis> {
  const findings: Finding[] = [];
  const migrations = migrationsFinding(MIGRATIONS_FOLDER);
  if (!fs.existsSync(dataDir)) {
    findings.push({
      check: "data folder",
      status: "ok",
      detail: `${dataDir} does not exist yet; it is made at the first save`,
    });
    findings.push(migrations.finding);
    return { dataDir, findings, storeWritable: migrations.known !== undefined };
  }
  findings.push(modeFinding("data folder", dataDir, 0o700) ?? { check: "data folder", status: "ok", detail: dataDir });
  findings.push(migrations.finding);
  const { databaseFile: db, transcriptsDir } = dataLayout(dataDir);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    const finding = modeFinding(`store mode`, db + suffix, 0o600);
    if (finding) findings.push(finding);
  }
  let storeWritable = migrations.known !== undefined;
  let rows: { sessionId: string; path: string }[] | undefined;
  if (fs.existsSync(db)) {
    const store = await checkStore(db, migrations.known);
    findings.push(...store.findings);
    storeWritable &&= store.writable;
    rows = store.transcriptRows;
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
