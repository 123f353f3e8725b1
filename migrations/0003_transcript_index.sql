CREATE TABLE `transcript_messages` (
	`session_id` text NOT NULL,
	`message_id` text NOT NULL,
	`hash` text NOT NULL,
	`line` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transcript_messages_key` ON `transcript_messages` (`session_id`,`message_id`);--> statement-breakpoint
ALTER TABLE `transcripts` ADD `message_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `exported_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `transcript_parts_message` ON `transcript_parts` (`session_id`,`message_id`);