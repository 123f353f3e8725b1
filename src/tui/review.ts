/**
 * What the `/memory` dialog shows and what its keys do, without any UI: the store's figures, the newest entries,
 * and one page of the candidates waiting for a person's review, or of the rejected entries. Approving, rejecting or
 * making a rejected entry active again writes the audit log with the person as the actor. Every list is bounded; a
 * cut list says what was left out.
 */
import { ConflictError } from "../errors.js";
import { formatBytes, plural } from "../human-units.js";
import { oneLine } from "../one-line.js";
import { GLOBAL_SCOPE, teamScope } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Actor, EntryView, Stats } from "../store/memory-types.js";

/** Candidates shown per page of the dialog. */
export const REVIEW_PAGE_SIZE = 8;
/** Newest entries shown above the candidates. */
export const RECENT_COUNT = 5;
/** Characters of a title, and of a body preview, in one row of the dialog. */
export const TITLE_CHARS = 60;
export const BODY_CHARS = 160;
/** Bad lines of the team file named in the dialog; the rest are counted. */
export const TEAM_PROBLEMS_SHOWN = 3;

export interface ReviewRow {
  id: string;
  kind: string;
  /** "project", "team" or "global" (another project's path never shows: the dialog reads this project, its team
   * memory and global). */
  where: string;
  title: string;
  /** The body on one line, cut to BODY_CHARS. */
  preview: string;
  status: EntryView["status"];
}

export interface ReviewView {
  /** The figures, one line each: entries by status, trash, store size. */
  figures: string[];
  recent: ReviewRow[];
  /** The newest active entries of the project's team memory, shown apart from the rest. */
  team: ReviewRow[];
  /** How many live entries the team memory holds; and its file's bad lines, each "line N: why" (bounded). */
  teamTotal: number;
  teamProblems: string[];
  /** Which entries the list below holds: the candidates, or the rejected entries. */
  list: ReviewList;
  /** The page of the list: candidates, or rejected entries. */
  candidates: ReviewRow[];
  /** Zero-based page of the list shown, and how many pages there are (at least 1). */
  page: number;
  pages: number;
  /** How many entries the list holds. */
  candidateTotal: number;
  /** What was left out, or that there is nothing to review. */
  note: string;
}

export interface ReviewScope {
  /** The project the TUI is open on. */
  project: string;
}

export type ReviewDecision = "approve" | "reject";

/** What the dialog lists for a decision: candidates (approve, reject), or rejected entries (make one active again). */
export type ReviewList = "candidates" | "rejected";

function scopesOf({ project }: ReviewScope): string[] {
  return [project, teamScope(project), GLOBAL_SCOPE];
}

function toRow(entry: EntryView, project: string): ReviewRow {
  return {
    id: entry.id,
    kind: entry.kind,
    where: entry.scope === project ? "project" : entry.scope === GLOBAL_SCOPE ? "global" : "team",
    title: oneLine(entry.title, TITLE_CHARS),
    preview: oneLine(entry.body, BODY_CHARS),
    status: entry.status,
  };
}

export function figureLines(stats: Stats): string[] {
  const s = stats.byStatus;
  return [
    `${plural(stats.live, "entry", "entries")}: ${s.active} active, ${s.candidate} candidate, ${s.superseded} superseded, ${s.rejected} rejected`,
    `${stats.trash} in the trash · store ${formatBytes(stats.storeBytes)} (every project)`,
  ];
}

/** Loads one page of the dialog's list (the candidates unless told); a page past the end shows the last page. */
export async function loadReview(
  memory: MemoryStore,
  scope: ReviewScope,
  page = 0,
  list: ReviewList = "candidates",
): Promise<ReviewView> {
  const scopes = scopesOf(scope);
  const stats = await memory.stats(scopes);
  const recent = await memory.list({ scopes: [scope.project, GLOBAL_SCOPE], status: "active", limit: RECENT_COUNT });
  const team = await memory.list({ scopes: [teamScope(scope.project)], status: "active", limit: RECENT_COUNT });
  const teamAll = await memory.list({ scopes: [teamScope(scope.project)], status: "all", limit: 1 });
  const status = list === "candidates" ? "candidate" : "rejected";
  const total = stats.byStatus[status];
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const candidates = await memory.list({
    scopes,
    status,
    limit: REVIEW_PAGE_SIZE,
    offset: current * REVIEW_PAGE_SIZE,
  });
  return {
    figures: figureLines(stats),
    recent: recent.items.map((e) => toRow(e, scope.project)),
    team: team.items.map((e) => toRow(e, scope.project)),
    teamTotal: teamAll.total,
    teamProblems: await teamFileProblems(scope.project),
    list,
    candidates: candidates.items.map((e) => toRow(e, scope.project)),
    page: current,
    pages,
    candidateTotal: candidates.total,
    note:
      list === "candidates"
        ? candidateNote(candidates.total, current, candidates.items.length)
        : rejectedNote(candidates.total, current, candidates.items.length),
  };
}

/** The team file's bad lines as the dialog lists them (read from the file itself, as `team check` does). */
async function teamFileProblems(project: string): Promise<string[]> {
  const [{ readTeamFile }, { teamFilePath }, { readTeamText }] = await Promise.all([
    import("../team/team-file.js"),
    import("../team/team-path.js"),
    import("../team/team-read.js"),
  ]);
  const { text } = readTeamFile(teamFilePath(project));
  if (text === undefined) return [];
  const { problems } = readTeamText(text, Date.now());
  const shown = problems.slice(0, TEAM_PROBLEMS_SHOWN).map((p) => oneLine(`line ${p.line}: ${p.message}`, BODY_CHARS));
  const more = problems.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more (opencode-ledger team check lists them all)`] : shown;
}

function candidateNote(total: number, page: number, shown: number): string {
  if (total === 0) return "No candidates wait for review.";
  const first = page * REVIEW_PAGE_SIZE + 1;
  if (total <= REVIEW_PAGE_SIZE) return `${total} ${total === 1 ? "candidate waits" : "candidates wait"} for review.`;
  // The key line below says n/p pages; the note stays short enough for an 80-column dialog.
  return `Candidates ${first}-${first + shown - 1} of ${total}.`;
}

function rejectedNote(total: number, page: number, shown: number): string {
  if (total === 0) return "No rejected entries.";
  const first = page * REVIEW_PAGE_SIZE + 1;
  if (total <= REVIEW_PAGE_SIZE) return `${plural(total, "rejected entry", "rejected entries")}.`;
  return `Rejected ${first}-${first + shown - 1} of ${total}.`;
}

/** The person's decision on a candidate: `approve` makes it active, `reject` rejected; the audit row names a person. */
export async function reviewCandidate(
  memory: MemoryStore,
  id: string,
  decision: ReviewDecision,
  session?: string,
): Promise<EntryView> {
  const status = decision === "approve" ? "active" : "rejected";
  return decide(memory, id, { from: "candidate", to: status, reason: `${decision}d in the TUI review` }, session);
}

/**
 * A rejected entry made active again (it holds after all): the store call and the audit row of memory_review with
 * status "active", the person as the actor.
 */
export function makeActiveAgain(memory: MemoryStore, id: string, session?: string): Promise<EntryView> {
  return decide(memory, id, { from: "rejected", to: "active", reason: "made active again in the TUI review" }, session);
}

async function decide(
  memory: MemoryStore,
  id: string,
  change: { from: "candidate" | "rejected"; to: "active" | "rejected"; reason: string },
  session?: string,
): Promise<EntryView> {
  const current = await memory.get(id);
  if (current && current.status !== change.from) {
    // Another process (an agent, the CLI) decided first; say so instead of rewriting its decision.
    const was = change.from === "candidate" ? "a candidate" : "rejected";
    throw new ConflictError(
      `"${oneLine(current.title, TITLE_CHARS)}" is no longer ${was} (it is ${current.status}); the list is reloaded`,
    );
  }
  const actor: Actor = session ? { kind: "person", session } : { kind: "person" };
  const { entry } = await memory.setStatus(id, { status: change.to, reason: change.reason }, actor);
  return entry;
}
