/**
 * The backfill's first pass: each session a source lists, in groups of one store transaction, is exported, counted
 * current, or skipped with its reason.
 */

import fs from "node:fs";
import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import type { TranscriptRow } from "../../store/schema.js";
import { type ExportRequest, exportTranscripts } from "../export/export-transcript.js";
import { containedPath } from "../paths.js";
import type { BackfillRequest } from "./backfill.js";
import type { BackfillProgress } from "./backfill-progress.js";
import type { SessionListing } from "./session-listing.js";

/**
 * Sessions exported in one store transaction (one step of the first pass): at most this many, holding at most this
 * much stored data (for a small session a commit costs about as much as the rest of its store work; the bytes bound
 * how long the thread is held, unless one session alone holds more).
 */
const GROUP_SESSIONS = 16;
const GROUP_BYTES = 2 * 1_048_576;

/**
 * Exports the sessions of one group that need it in one store transaction (`exportTranscripts`); the others are
 * counted current, or skipped with their reason.
 */
export async function backfillGroup(
  request: BackfillRequest,
  group: readonly SessionListing[],
  rows: ReadonlyMap<string, TranscriptRow>,
  progress: BackfillProgress,
  skip: (id: string, reason: string) => void,
): Promise<void> {
  const { data, source } = request;
  const due: { session: SessionListing; export: ExportRequest }[] = [];
  for (const session of group) {
    const row = rows.get(session.id);
    const verdict = triage(request, session, row);
    if (verdict === "current") progress.current++;
    else if (verdict !== "due") skip(session.id, verdict.skip);
    else {
      const scope = row?.scope ?? projectScope(within(session), session.directory);
      due.push({ session, export: { data, source, sessionID: session.id, scope, derived: "later" } });
    }
  }
  const outcomes = due.length > 0 ? await exportTranscripts(due.map((d) => d.export)) : [];
  for (const [i, outcome] of outcomes.entries()) {
    const { session } = due[i] as (typeof due)[number];
    if (outcome instanceof Error) {
      skip(session.id, describeError(outcome));
      continue;
    }
    progress.exported++;
    progress.lines += outcome.appendedLines;
    progress.bytes += session.bytes ?? 0;
  }
  progress.done += group.length;
}

/** Whether a listed session is to be exported, is already current, or is skipped (and why). */
function triage(
  request: BackfillRequest,
  session: SessionListing,
  row: TranscriptRow | undefined,
): "due" | "current" | { skip: string } {
  try {
    checkSessionId(session.id);
  } catch {
    return { skip: "its id is not a session id" };
  }
  // Current: exported after its last change; or nothing to write yet (a session created, never prompted).
  if ((row && row.exportedAt >= session.updated && fileExists(request.data, row)) || session.bytes === 0) {
    return "current";
  }
  const bytes = session.bytes ?? 0;
  if (bytes <= request.maxSessionBytes) return "due";
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  return {
    skip: `it holds ${mb(bytes)} of data, more than backfill.maxSessionMB (${mb(request.maxSessionBytes)}); memory_session_read exports it on demand`,
  };
}

/**
 * The sessions, in their order, cut into groups of one store transaction each: at most GROUP_SESSIONS, holding at
 * most GROUP_BYTES of stored data unless one session alone holds more (so the messages held at once stay bounded).
 */
export function groupsOf(sessions: readonly SessionListing[]): SessionListing[][] {
  const groups: SessionListing[][] = [];
  let bytes = 0;
  for (const session of sessions) {
    const size = session.bytes ?? 0;
    const last = groups.at(-1);
    if (last && last.length < GROUP_SESSIONS && bytes + size <= GROUP_BYTES) {
      last.push(session);
      bytes += size;
    } else {
      groups.push([session]);
      bytes = size;
    }
  }
  return groups;
}

/** The project root when the session ran inside it (else its own folder is the project, as for a folder outside git). */
function within(session: SessionListing): string | undefined {
  const root = session.worktree;
  if (!root || root === "/") return undefined;
  return session.directory === root || session.directory.startsWith(`${root}/`) ? root : undefined;
}

function fileExists(data: DataContext, row: TranscriptRow): boolean {
  try {
    return fs.existsSync(containedPath(data.transcriptsDir, row.path));
  } catch {
    return false;
  }
}
