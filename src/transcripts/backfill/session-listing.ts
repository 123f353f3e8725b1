/**
 * What a backfill needs to know of every session a source holds, before reading any of them: enough to order them
 * (newest first), to tell whether a transcript is current, and to place it in its project.
 */
import type { SessionSource } from "../source/session-source.js";

export interface SessionListing {
  /** As the source gave it; checked before use (a hostile source may give anything). */
  id: string;
  parentID?: string;
  /** The folder the session ran in. */
  directory: string;
  /** The project's root as OpenCode recorded it ("/" for a folder outside git); undefined when unknown. */
  worktree?: string;
  title: string;
  created: number;
  updated: number;
  /** Bytes of stored session data, when the source can tell without reading it (used to refuse huge sessions). */
  bytes?: number;
}

/** A source that can also list every session it holds, in every project. */
export interface ListingSource extends SessionSource {
  /** Names the source in logs and summaries ("OpenCode's database <path>"). */
  readonly name: string;
  /** Every session, newest first. A row it cannot read is listed under `unreadable`, with the reason. */
  list(): Promise<{ sessions: SessionListing[]; unreadable: { id: string; reason: string }[] }>;
  close(): void;
}

/** The listings of a database's session rows, each read by `listingOf`; one it cannot read is kept with its reason. */
export function listingsOf<Row extends { id: unknown }>(
  rows: readonly Row[],
  listingOf: (row: Row) => SessionListing | string,
): Awaited<ReturnType<ListingSource["list"]>> {
  const sessions: SessionListing[] = [];
  const unreadable: { id: string; reason: string }[] = [];
  for (const row of rows) {
    const listed = listingOf(row);
    if (typeof listed === "string") unreadable.push({ id: String(row.id).slice(0, 80), reason: listed });
    else sessions.push(listed);
  }
  return { sessions, unreadable };
}
