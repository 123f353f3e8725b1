/**
 * Runs doctor's checks in order and applies the repairs `--fix` may make.
 */
import fs from "node:fs";
import path from "node:path";
import { DB_FILE, MIGRATIONS_FOLDER } from "../store/database.js";
import { type Finding, modeFinding, orphanFindings, scanTranscripts } from "./doctor-files.js";
import { checkStore, migrationsFinding, rebuildFts } from "./doctor-store.js";
import { teamFindings } from "./doctor-team.js";

export interface Diagnosis {
  dataDir: string;
  findings: Finding[];
  storeWritable: boolean;
}

/** `project`: the project holding the current folder, whose team memory file is checked too. */
export async function diagnose(dataDir: string, project?: string): Promise<Diagnosis> {
  const findings: Finding[] = [];
  const migrations = migrationsFinding(MIGRATIONS_FOLDER);
  const team = project === undefined ? [] : teamFindings(project, Date.now());
  if (!fs.existsSync(dataDir)) {
    findings.push({
      check: "data folder",
      status: "ok",
      detail: `${dataDir} does not exist yet; it is made at the first save`,
    });
    findings.push(migrations.finding, ...team);
    return { dataDir, findings, storeWritable: migrations.known !== undefined };
  }
  findings.push(modeFinding("data folder", dataDir, 0o700) ?? { check: "data folder", status: "ok", detail: dataDir });
  findings.push(migrations.finding);
  const db = path.join(dataDir, DB_FILE);
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
  const transcriptsDir = path.join(dataDir, "transcripts");
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
  findings.push(...team);
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
      await rebuildFts(path.join(diagnosis.dataDir, DB_FILE));
      done.push("the full-text index was rebuilt from the entries");
    }
  }
  return done;
}
