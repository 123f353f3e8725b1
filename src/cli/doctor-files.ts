/**
 * Doctor's file checks: the modes of the data folder, the store's files and the transcripts (folders 0700, files 0600:
 * memory and transcripts are private), and transcript files against the store's index of them.
 */
import fs from "node:fs";
import path from "node:path";
import { tailHash } from "../transcripts/hand-edit.js";

export type Status = "ok" | "warn" | "fail";

export interface Finding {
  check: string;
  status: Status;
  /** What was found. */
  detail: string;
  /** What to do about it, when something is wrong. */
  fix?: string;
  /** Set when `doctor --fix` can repair it. */
  repair?:
    | { kind: "mode"; path: string; mode: number }
    | { kind: "fts" }
    | { kind: "search-index" | "search-index-aside" | "search-index-catch-up" };
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * A folder or file must give nothing to group or others; the owner must be able to read and write it. A link or
 * another user's file is reported as such and never offered to `--fix` (a chmod would reach the link's target, or
 * someone else's file).
 */
export function modeFinding(check: string, file: string, expected: number): Finding | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return undefined;
  }
  const kind = expected === 0o700 ? "folder" : "file";
  if (stat.isSymbolicLink()) {
    return {
      check,
      status: "fail",
      detail: `${file} is a symbolic link; links inside the data folder are never followed, so what it points to is not used`,
      fix: `replace the link with the ${kind} itself (or remove it); doctor --fix does not change links`,
    };
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    return {
      check,
      status: "fail",
      detail: `${file} belongs to another user (uid ${stat.uid}; you are uid ${uid}); opencode-ledger does not use it`,
      fix: "use a data folder of your own (--data-dir, or the plugin's dataDir option), or run as its owner; doctor --fix does not change another user's files",
    };
  }
  if (kind === "folder" ? !stat.isDirectory() : !stat.isFile()) {
    return {
      check,
      status: "fail",
      detail: `${file} is ${stat.isDirectory() ? "a folder" : "not a regular file"}; it should be a ${kind}`,
      fix: `move it aside; opencode-ledger makes the ${kind} it needs`,
    };
  }
  if (process.platform === "win32") return { check, status: "ok", detail: `${file} (modes not checked on Windows)` };
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) === 0 && (mode & 0o600) === 0o600)
    return { check, status: "ok", detail: `${file} (${octal(mode)})` };
  return {
    check,
    status: "fail",
    detail: `${file} has mode ${octal(mode)}; it should be ${octal(expected)} (private to you)`,
    fix: `run "chmod ${octal(expected).slice(1)} ${file}", or "opencode-ledger doctor --fix"`,
    repair: { kind: "mode", path: file, mode: expected },
  };
}

/** A transcript's row in the store's index, as doctor reads it. */
export interface IndexedTranscript {
  sessionId: string;
  path: string;
  /** The bytes the last export left the file with, and the hash of its last 4 KiB (null before migration 0007). */
  bytes: number;
  tailHash: string | null;
}

export interface TranscriptFiles {
  /** Paths relative to the transcripts folder of every `.md` file. */
  files: string[];
  /** Paths of `.md` names that are links (reported as links, not as missing). */
  links: string[];
  findings: Finding[];
}

/** Walks the transcripts folder: modes of every folder and file, and the list of transcript files. */
export function scanTranscripts(transcriptsDir: string): TranscriptFiles {
  const findings: Finding[] = [];
  const files: string[] = [];
  const links: string[] = [];
  const loose: Finding[] = [];
  const walk = (dir: string, depth: number) => {
    const own = modeFinding("transcripts mode", dir, 0o700);
    if (own && own.status !== "ok") loose.push(own);
    // The layout is <scope folder>/<session>.md; deeper folders are not ours and are not walked.
    if (depth > 1) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        loose.push({
          check: "transcripts links",
          status: "fail",
          detail: `${full} is a symbolic link; links in the transcripts folder are never followed, so it is neither searched nor read`,
          fix: entry.name.endsWith(".md")
            ? "replace it with the transcript file itself, or remove the link (its session is exported again on its next compaction)"
            : "remove the link",
        });
        if (entry.name.endsWith(".md")) links.push(path.relative(transcriptsDir, full));
      } else if (entry.isDirectory()) walk(full, depth + 1);
      else if (entry.isFile()) {
        const finding = modeFinding("transcripts mode", full, 0o600);
        if (finding && finding.status !== "ok") loose.push(finding);
        if (entry.name.endsWith(".md")) files.push(path.relative(transcriptsDir, full));
      }
    }
  };
  walk(transcriptsDir, 0);
  if (loose.length === 0) {
    findings.push({ check: "transcripts mode", status: "ok", detail: `${transcriptsDir}: folders 0700, files 0600` });
  } else findings.push(...loose);
  return { files: files.sort(), links: links.sort(), findings };
}

/** Transcript files without an index row, and index rows whose file is gone. */
export function orphanFindings(
  transcriptsDir: string,
  files: readonly string[],
  rows: readonly IndexedTranscript[],
  links: readonly string[] = [],
): Finding[] {
  const indexed = new Set(rows.map((r) => path.normalize(r.path)));
  const present = new Set([...files, ...links].map((f) => path.normalize(f)));
  const unindexed = files.filter((f) => !indexed.has(path.normalize(f)));
  const missing = rows.filter((r) => !present.has(path.normalize(r.path)));
  const findings: Finding[] = [];
  const list = (items: string[]) =>
    items.slice(0, 5).join(", ") + (items.length > 5 ? `, and ${items.length - 5} more` : "");
  if (unindexed.length > 0) {
    findings.push({
      check: "transcripts index",
      status: "fail",
      detail: `${unindexed.length} transcript file(s) in ${transcriptsDir} have no row in the store's index: ${list(unindexed)}`,
      fix: "the tools cannot find them; if you still want them, keep them and they are re-indexed when their session is exported again, else delete the files",
    });
  }
  if (missing.length > 0) {
    findings.push({
      check: "transcripts index",
      status: "fail",
      detail: `${missing.length} index row(s) point at missing files: ${list(missing.map((r) => `${r.sessionId} (${r.path})`))}`,
      fix: 'the files were deleted outside the plugin; "opencode-ledger transcripts cleanup --scope all --orphaned --keep-recent 0 --apply" drops their rows',
    });
  }
  if (findings.length === 0) {
    findings.push({
      check: "transcripts index",
      status: "ok",
      detail: `${files.length} transcript file(s), each indexed`,
    });
  }
  return findings;
}

/**
 * Transcripts that are not what the last export left: a size or last 4 KiB that differ (edited by hand, a pasted
 * secret deleted, say, or cut). The next export of such a session notices it too and keeps the edit; doctor says so
 * before anyone reads the file, and changes nothing (`--fix` included).
 */
export function editedFindings(
  transcriptsDir: string,
  files: readonly string[],
  rows: readonly IndexedTranscript[],
): Finding[] {
  const present = new Set(files.map((f) => path.normalize(f)));
  const changed: string[] = [];
  for (const row of rows) {
    if (!present.has(path.normalize(row.path))) continue;
    const how = howChanged(path.join(transcriptsDir, row.path), row);
    if (how) changed.push(`${row.sessionId} (${row.path}, ${how})`);
  }
  if (changed.length === 0) return [];
  const list = changed.slice(0, 5).join(", ") + (changed.length > 5 ? `, and ${changed.length - 5} more` : "");
  return [
    {
      check: "transcripts edited",
      status: "warn",
      detail: `${changed.length} transcript file(s) differ from what their last export wrote (changed outside opencode-ledger): ${list}. The next export of each keeps the file as it is, writes nothing in it again, appends one note naming what it found (lines removed, lines without a number) and numbers on past the highest number the file or the index has seen; the session's search index and sketch are then made again from the file`,
      fix: 'if you edited them on purpose (to remove a secret), keep them: nothing needs doing; otherwise remove them with "opencode-ledger transcripts cleanup --session <id> --apply" and they are written again in full at the next compaction',
    },
  ];
}

/** How the file differs from what the row says the last export left, or undefined when it does not. */
function howChanged(file: string, row: IndexedTranscript): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    const size = fs.fstatSync(fd).size;
    if (size < row.bytes) return `${row.bytes - size} bytes shorter`;
    if (row.tailHash && tailHash(fd, row.bytes) !== row.tailHash) {
      return size === row.bytes
        ? "the same size, other bytes in its last 4 KiB"
        : "other bytes before its recorded end";
    }
    return size > row.bytes ? `${size - row.bytes} bytes longer` : undefined;
  } catch {
    // Gone or a link since the scan: reported by the checks that look for those.
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
