/**
 * Doctor's look at the full-text search index of the transcripts: absent (ranked searches use the scan until the
 * next export makes it), damaged (rebuilt by --fix), newer (left alone), no index of ours (moved aside by --fix),
 * behind or fragmented (brought up to date and merged in place by --fix, beside a running OpenCode).
 */

import path from "node:path";
import { formatBytes, plural } from "../human-units.js";
import { DATABASE_FILES } from "../store/database-files.js";
import {
  catchUpIndex,
  inspectIndex,
  MANY_SEGMENTS,
  rebuildIndex,
  setAsideIndex,
} from "../transcripts/index/index-maintenance.js";
import { INDEX_FILE } from "../transcripts/index/search-index.js";
import { listTranscripts } from "../transcripts/listing.js";
import { type Finding, modeFinding } from "./doctor-files.js";

const CHECK = "transcript search index";
const REBUILD = 'run "opencode-ledger doctor --fix" to rebuild it from the transcripts';
const CATCH_UP = 'run "opencode-ledger doctor --fix" to bring it up to date (OpenCode may keep running)';

export async function searchIndexFindings(dataDir: string): Promise<Finding[]> {
  const file = path.join(dataDir, INDEX_FILE);
  const findings: Finding[] = [];
  for (const suffix of DATABASE_FILES) {
    const finding = modeFinding("transcript search index mode", file + suffix, 0o600);
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
  } else if (seen.state === "foreign") {
    findings.push({
      check: CHECK,
      status: "fail",
      detail: `${seen.reason}; ranked searches fall back to the scan`,
      fix: seen.fix,
      repair: { kind: "search-index-aside" },
    });
  } else if (seen.state === "newer") {
    findings.push({ check: CHECK, status: "warn", detail: `${file}: ${seen.reason}`, fix: seen.fix });
  } else if (seen.state === "ok") {
    const lag = seen.behind + seen.gone;
    const detail = `${file} (${formatBytes(seen.bytes)} with its WAL): ${seen.indexed} of ${plural(seen.transcripts, "transcript")} indexed in ${plural(seen.units, "unit")}`;
    const fragmented = seen.segments >= MANY_SEGMENTS;
    const problems = [
      ...(lag > 0
        ? [
            `${plural(seen.behind, "transcript")} not indexed to their end (ranked searches index them as they go), ${plural(seen.gone, "indexed session")} whose transcript is gone`,
          ]
        : []),
      ...(fragmented ? [`${seen.segments} segments (ranked searches read each one; merged, they are a few)`] : []),
    ];
    findings.push(
      problems.length === 0
        ? { check: CHECK, status: "ok", detail }
        : {
            check: CHECK,
            status: "warn",
            detail: `${detail}; ${problems.join("; ")}`,
            fix: CATCH_UP,
            repair: { kind: "search-index-catch-up" },
          },
    );
  }
  return findings;
}

const hasTranscripts = (dir: string) => listTranscripts(dir, "", true).length > 0;

/** Removes the index and builds it again from every transcript; refused while another process has it open. */
export async function rebuildSearchIndex(dataDir: string): Promise<string> {
  const done = await rebuildIndex(dataDir, path.join(dataDir, "transcripts"));
  if ("inUse" in done) return `the search index was not rebuilt: ${done.inUse}`;
  const failed = done.failed.length > 0 ? `; ${done.failed.length} could not be read` : "";
  return `the search index was rebuilt: ${plural(done.transcripts, "transcript")}, ${formatBytes(done.bytes)} in ${(done.elapsedMs / 1000).toFixed(1)} s${failed}`;
}

/** Moves a file that is no index of ours aside, then builds the index in its place. */
export async function setAsideSearchIndex(dataDir: string): Promise<string> {
  const aside = await setAsideIndex(dataDir);
  if (typeof aside !== "string") return `the file at the search index's path was not moved: ${aside.inUse}`;
  return `the file that was no search index was moved to ${aside} (unchanged); ${await rebuildSearchIndex(dataDir)}`;
}

/** Indexes what is behind, forgets what is gone and merges the index's segments, in place. */
export async function catchUpSearchIndex(dataDir: string): Promise<string> {
  const done = await catchUpIndex(dataDir, path.join(dataDir, "transcripts"));
  return `the search index was brought up to date: ${plural(done.transcripts, "transcript")} indexed, ${plural(done.forgotten, "gone session")} forgotten, ${done.segments.before} segments merged into ${done.segments.after} in ${plural(done.mergeSteps, "step")}`;
}
