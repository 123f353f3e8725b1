/**
 * What the `/memory` dialog shows and what its keys do, without any UI: the store's figures, the newest entries,
 * and one page of the candidates waiting for a person's review. Approving or rejecting writes the audit log with the
 * person as the actor. Every list is bounded; a cut list says what was left out.
 */
import { ConflictError } from "../errors.js";
import { formatBytes, plural } from "../human-units.js";
import { oneLine } from "../one-line.js";
import { GLOBAL_SCOPE } from "../scope.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Actor, EntryView, Stats } from "../store/memory-types.js";

/** Candidates shown per page of the dialog. */
export const REVIEW_PAGE_SIZE = 8;
/** Newest entries shown above the candidates. */
export const RECENT_COUNT = 5;
/** Characters of a title, and of a body preview, in one row of the dialog. */
export const TITLE_CHARS = 60;
export const BODY_CHARS = 160;

export interface ReviewRow {
  id: string;
  kind: string;
  /** "project" or "global" (another project's path never shows: the dialog reads this project and global). */
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
  candidates: ReviewRow[];
  /** Zero-based page of the candidates shown, and how many pages there are (at least 1). */
  page: number;
  pages: number;
  candidateTotal: number;
  /** What was left out, or that there is nothing to review. */
  note: string;
}

export interface ReviewScope {
  /** The project the TUI is open on. */
  project: string;
}

export type ReviewDecision = "approve" | "reject";

function scopesOf({ project }: ReviewScope): string[] {
  return [project, GLOBAL_SCOPE];
}

function toRow(entry: EntryView, project: string): ReviewRow {
  return {
    id: entry.id,
    kind: entry.kind,
    where: entry.scope === project ? "project" : "global",
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

/** Loads one page of the dialog; a page past the end shows the last page. */
export async function loadReview(memory: MemoryStore, scope: ReviewScope, page = 0): Promise<ReviewView> {
  const scopes = scopesOf(scope);
  const stats = await memory.stats(scopes);
  const recent = await memory.list({ scopes, status: "active", limit: RECENT_COUNT });
  const total = stats.byStatus.candidate;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const candidates = await memory.list({
    scopes,
    status: "candidate",
    limit: REVIEW_PAGE_SIZE,
    offset: current * REVIEW_PAGE_SIZE,
  });
  return {
    figures: figureLines(stats),
    recent: recent.items.map((e) => toRow(e, scope.project)),
    candidates: candidates.items.map((e) => toRow(e, scope.project)),
    page: current,
    pages,
    candidateTotal: candidates.total,
    note: candidateNote(candidates.total, current, candidates.items.length),
  };
}

function candidateNote(total: number, page: number, shown: number): string {
  if (total === 0) return "No candidates wait for review.";
  const first = page * REVIEW_PAGE_SIZE + 1;
  if (total <= REVIEW_PAGE_SIZE) return `${total} ${total === 1 ? "candidate waits" : "candidates wait"} for review.`;
  return `Candidates ${first}-${first + shown - 1} of ${total} (n/p: next/previous page).`;
}

/** The person's decision on a candidate: `approve` makes it active, `reject` rejected; the audit row names a person. */
export async function reviewCandidate(
  memory: MemoryStore,
  id: string,
  decision: ReviewDecision,
  session?: string,
): Promise<EntryView> {
  const current = await memory.get(id);
  if (current && current.status !== "candidate") {
    // Another process (an agent, the CLI) decided first; say so instead of rewriting its decision.
    throw new ConflictError(
      `"${oneLine(current.title, TITLE_CHARS)}" is no longer a candidate (it is ${current.status}); the list is reloaded`,
    );
  }
  const actor: Actor = session ? { kind: "person", session } : { kind: "person" };
  const status = decision === "approve" ? "active" : "rejected";
  const { entry } = await memory.setStatus(id, { status, reason: `${decision}d in the TUI review` }, actor);
  return entry;
}
