/**
 * Doctor's look at the full-text search index of the transcripts: absent (ranked searches use the scan until the
 * next export makes it), damaged (rebuilt by --fix), newer (left alone), behind (caught up by --fix).
 */
import path from "node:path";
import { formatBytes } from "../human-units.js";
import { inspectIndex, rebuildIndex } from "../transcripts/index/index-maintenance.js";
import { INDEX_FILE } from "../transcripts/index/search-index.js";
import { listTranscripts } from "../transcripts/listing.js";
import { type Finding, modeFinding } from "./doctor-files.js";

const CHECK = "transcript search index";
const REBUILD = 'run "opencode-ledger doctor --fix" to rebuild it from the transcripts';

export async function searchIndexFindings(dataDir: string): Promise<Finding[]> {
  const file = path.join(dataDir, INDEX_FILE);
  const findings: Finding[] = [];
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    const finding = modeFinding("search index mode", file + suffix, 0o600);
    if (finding && finding.status !== "ok") findings.push(finding);
  }
  const seen = await inspectIndex(dataDir, path.join(dataDir, "transcripts"));
  if (seen.state === "absent" && !hasTranscripts(path.join(dataDir, "transcripts"))) {
    findings.push({ check: CHECK, status: "ok", detail: `${file} does not exist yet; the first export makes it` });
  } else if (seen.state === "absent") {
    findings.push({
      check: CHECK,
      status: "warn",
      detail: `${file} does not exist yet: ranked searches fall back to the scan until an export makes it`,
      fix: REBUILD,
      repair: { kind: "search-index" },
    });
  } else if (seen.state === "damaged") {
    findings.push({
      check: CHECK,
      status: "fail",
      detail: `${file}: ${seen.reason}`,
      fix: REBUILD,
      repair: { kind: "search-index" },
    });
  } else if (seen.state === "newer") {
    findings.push({ check: CHECK, status: "warn", detail: `${file}: ${seen.reason}`, fix: "upgrade opencode-ledger" });
  } else if (seen.state === "ok") {
    const lag = seen.behind + seen.gone;
    const detail = `${file} (${formatBytes(seen.bytes)}): ${seen.indexed} of ${seen.transcripts} transcript(s) indexed in ${seen.units} units`;
    findings.push(
      lag === 0
        ? { check: CHECK, status: "ok", detail }
        : {
            check: CHECK,
            status: "warn",
            detail: `${detail}; ${seen.behind} transcript(s) not indexed to their end (ranked searches index them as they go), ${seen.gone} indexed session(s) whose transcript is gone`,
            fix: REBUILD,
            repair: { kind: "search-index" },
          },
    );
  }
  return findings;
}

const hasTranscripts = (dir: string) => listTranscripts(dir, "", true).length > 0;

export async function rebuildSearchIndex(dataDir: string): Promise<string> {
  const done = await rebuildIndex(dataDir, path.join(dataDir, "transcripts"));
  const failed = done.failed.length > 0 ? `; ${done.failed.length} could not be read` : "";
  return `the search index was rebuilt: ${done.transcripts} transcript(s), ${formatBytes(done.bytes)} in ${(done.elapsedMs / 1000).toFixed(1)} s${failed}`;
}
