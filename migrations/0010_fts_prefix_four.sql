-- The full-text index gains a prefix index of four characters: a search word of four characters ("test", "sync")
-- is the start of many others, and without one FTS5 merges the lists of all of them, once for the match and again for
-- each BM25 weight. FTS5 cannot change the option of a table, so the table is made again and filled from `entries`
-- (the triggers, which name the table, stay as they are).
DROP TABLE `entries_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `entries_fts` USING fts5(
  title, body, tags, kind,
  content='entries', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO `entries_fts`(`entries_fts`, `rank`) VALUES ('secure-delete', 1);
--> statement-breakpoint
INSERT INTO `entries_fts`(`entries_fts`) VALUES ('rebuild');
