-- The part rows of each message move into the message's own row (`parts`: a JSON array of [part id, hash, line], in
-- the order they were written), and the table loses its rowid, its key being the whole of its lookups. A backfill
-- wrote three b-tree entries for every part (the rowid table and two indexes) and now writes one for each message.
-- The session's own units (the part rows of message "") become the row of message "".
CREATE TABLE `__new_transcript_messages` (
	`session_id` text NOT NULL,
	`message_id` text NOT NULL,
	`hash` text NOT NULL,
	`line` integer NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`session_id`, `message_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_transcript_messages` (`session_id`, `message_id`, `hash`, `line`, `parts`)
SELECT m.`session_id`, m.`message_id`, m.`hash`, m.`line`, COALESCE((
  SELECT json_group_array(json_array(p.`part_id`, p.`hash`, p.`line`)) FROM (
    SELECT `part_id`, `hash`, `line` FROM `transcript_parts`
    WHERE `session_id` = m.`session_id` AND `message_id` = m.`message_id` ORDER BY rowid
  ) p
), '[]')
FROM `transcript_messages` m;
--> statement-breakpoint
-- Part rows without their message's row: the session's own units (message ""), the only ones an export writes so.
INSERT INTO `__new_transcript_messages` (`session_id`, `message_id`, `hash`, `line`, `parts`)
SELECT `session_id`, `message_id`, '', 0, json_group_array(json_array(`part_id`, `hash`, `line`)) FROM (
  SELECT p.`session_id`, p.`message_id`, p.`part_id`, p.`hash`, p.`line` FROM `transcript_parts` p
  WHERE NOT EXISTS (
    SELECT 1 FROM `transcript_messages` m WHERE m.`session_id` = p.`session_id` AND m.`message_id` = p.`message_id`
  )
  ORDER BY p.`session_id`, p.`message_id`, p.rowid
)
GROUP BY `session_id`, `message_id`;
--> statement-breakpoint
DROP TABLE `transcript_parts`;
--> statement-breakpoint
DROP TABLE `transcript_messages`;
--> statement-breakpoint
ALTER TABLE `__new_transcript_messages` RENAME TO `transcript_messages`;
