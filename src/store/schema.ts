/**
 * The store's tables. This file knows no driver: it imports only `drizzle-orm/sqlite-core` (and the declaration of an
 * entry's fields, which imports nothing else).
 * FTS5, its triggers and the audit log's append-only triggers are in the custom migration beside the generated one.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { entryColumns } from "./entry-fields.js";

export const entries = sqliteTable(
  "entries",
  {
    // An explicit integer key keeps rowids stable across VACUUM, which the external-content FTS table relies on.
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    // The entry's own fields are declared once, with how the view and the lines hold them.
    ...entryColumns(),
  },
  (t) => [
    // One live entry per scope and title; a trashed one may share its title until it is restored.
    uniqueIndex("entries_scope_title_live").on(t.scope, sql`${t.title} COLLATE NOCASE`).where(sql`trashed_at IS NULL`),
    // The live titles outside printable ASCII, the only ones a title's Unicode case fold must be checked against in JS
    // (`findByTitle`); the query repeats this condition as a literal so that SQLite uses the index.
    index("entries_title_unicode_live").on(t.scope).where(sql`trashed_at IS NULL AND title GLOB '*[^ -~]*'`),
    index("entries_scope_updated").on(t.scope, t.updatedAt),
    index("entries_trashed").on(t.trashedAt),
    index("entries_expires").on(t.expiresAt),
    // The reverse link (which entries did this one supersede?) is looked up on every save and read of one entry.
    index("entries_superseded_by").on(t.supersededBy).where(sql`superseded_by IS NOT NULL`),
    // What a search filters, orders and counts its matches by, per rowid: it reads this narrow copy, not rows with bodies.
    index("entries_search_filter").on(t.seq, t.scope, t.status, t.kind, t.trashedAt, t.expiresAt, t.updatedAt, t.id),
    check("entries_status_check", sql`${t.status} IN ('candidate', 'active', 'superseded', 'rejected')`),
  ],
);

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "status",
  "supersede",
  "trash",
  "restore",
  "expire",
  "purge",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** "repo": a change that arrived through the project's team file (a pull, a checkout, a merge, an edit). */
export const ACTOR_KINDS = ["agent", "person", "cli", "sweep", "repo"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const auditLog = sqliteTable(
  "audit_log",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    entryId: text("entry_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    actorKind: text("actor_kind", { enum: ACTOR_KINDS }).notNull(),
    actorAgent: text("actor_agent"),
    actorSession: text("actor_session"),
    at: integer("at").notNull(),
    /** JSON object: field -> [old, new]. Emptied (set to NULL) only by a purge, which the triggers allow and nothing else. */
    changes: text("changes"),
    reason: text("reason"),
    scope: text("scope").notNull(),
    redacted: integer("redacted").notNull().default(0),
  },
  (t) => [index("audit_entry").on(t.entryId, t.seq), index("audit_scope_at").on(t.scope, t.at)],
);

/** One row per exported transcript: where it is and how far it goes. */
export const transcripts = sqliteTable(
  "transcripts",
  {
    sessionId: text("session_id").primaryKey(),
    scope: text("scope").notNull(),
    /** Path relative to the transcripts folder. */
    path: text("path").notNull(),
    title: text("title"),
    lastMessageId: text("last_message_id"),
    lastMessageAt: integer("last_message_at"),
    lines: integer("lines").notNull().default(0),
    bytes: integer("bytes").notNull().default(0),
    repairs: integer("repairs").notNull().default(0),
    /** Messages of the session when it was last exported. */
    messageCount: integer("message_count").notNull().default(0),
    /** Last export, whether or not it appended anything. */
    exportedAt: integer("exported_at").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    /** Last time lines were appended (the "last touch" retention goes by). */
    updatedAt: integer("updated_at").notNull(),
    /** When OpenCode was first seen without this session (deleted there); null while OpenCode has it. */
    orphanedAt: integer("orphaned_at"),
    /**
     * SHA-256 (hex) of the last bytes the last export left (up to 4 KiB before `bytes`): the next export checks the
     * file against it and tells a file edited by hand from one it can append to. Null on rows written before it.
     */
    tailHash: text("tail_hash"),
  },
  (t) => [index("transcripts_scope_updated").on(t.scope, t.updatedAt)],
);

/**
 * One row per exported message: a cheap fingerprint of the message and its parts, so an export skips every message
 * that has not changed without reading its parts. `line` is where its header was written. `parts` is what each of its
 * parts looked like when written (a JSON array of `[part id, hash, line]`, in the order written), so a later change is
 * appended as a note instead of rewritten. The row of message "" holds the session's own units (title, revert).
 * The table has no rowid (migration 0011): its key is the whole of its lookups.
 */
export const transcriptMessages = sqliteTable(
  "transcript_messages",
  {
    sessionId: text("session_id").notNull(),
    messageId: text("message_id").notNull(),
    hash: text("hash").notNull(),
    line: integer("line").notNull(),
    parts: text("parts").notNull().default("[]"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.messageId] })],
);

/**
 * A person's choices for one session, written by the TUI and read by the server side (e.g. memory injection off).
 * A session without a row has the defaults.
 */
export const sessionSettings = sqliteTable("session_settings", {
  sessionId: text("session_id").primaryKey(),
  /** 1: no memory block is injected into this session's requests. */
  injectionOff: integer("injection_off").notNull().default(0),
  /** When reflection distilled lessons from this session (it runs at most once a session); null: not yet. */
  reflectedAt: integer("reflected_at"),
  updatedAt: integer("updated_at").notNull(),
});

export type Entry = typeof entries.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;
export type TranscriptRow = typeof transcripts.$inferSelect;
export type NewTranscriptRow = typeof transcripts.$inferInsert;
export type SessionSettingsRow = typeof sessionSettings.$inferSelect;
