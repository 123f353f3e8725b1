-- Full-text index over entries (external content, kept in step by triggers).
-- secure-delete makes FTS5 remove a deleted row's tokens from the index at once, so a purge leaves nothing behind.
CREATE VIRTUAL TABLE `entries_fts` USING fts5(
  title, body, tags, kind,
  content='entries', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `entries_fts`(`entries_fts`, `rank`) VALUES ('secure-delete', 1);
--> statement-breakpoint
CREATE TRIGGER `entries_fts_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `entries_fts`(rowid, title, body, tags, kind) VALUES (new.seq, new.title, new.body, new.tags, new.kind);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_fts_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO `entries_fts`(`entries_fts`, rowid, title, body, tags, kind) VALUES ('delete', old.seq, old.title, old.body, old.tags, old.kind);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_fts_update` AFTER UPDATE OF title, body, tags, kind ON `entries` BEGIN
  INSERT INTO `entries_fts`(`entries_fts`, rowid, title, body, tags, kind) VALUES ('delete', old.seq, old.title, old.body, old.tags, old.kind);
  INSERT INTO `entries_fts`(rowid, title, body, tags, kind) VALUES (new.seq, new.title, new.body, new.tags, new.kind);
END;
--> statement-breakpoint
-- The audit log is append-only. The one change allowed is a purge's redaction: content fields cleared, flag set.
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_redact_only` BEFORE UPDATE ON `audit_log`
WHEN NOT (
  new.redacted = 1 AND new.changes IS NULL AND new.reason IS NULL
  AND new.seq = old.seq AND new.entry_id = old.entry_id AND new.action = old.action
  AND new.actor_kind = old.actor_kind AND new.actor_agent IS old.actor_agent AND new.actor_session IS old.actor_session
  AND new.at = old.at AND new.scope = old.scope
)
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
