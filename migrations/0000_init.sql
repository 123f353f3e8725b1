CREATE TABLE `audit_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` text NOT NULL,
	`action` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_agent` text,
	`actor_session` text,
	`at` integer NOT NULL,
	`changes` text,
	`reason` text,
	`scope` text NOT NULL,
	`redacted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_entry` ON `audit_log` (`entry_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_scope_at` ON `audit_log` (`scope`,`at`);--> statement-breakpoint
CREATE TABLE `entries` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`scope` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`superseded_by` text,
	`source_agent` text,
	`source_session` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`valid_from` integer,
	`valid_until` integer,
	`expires_at` integer,
	`trashed_at` integer,
	CONSTRAINT "entries_status_check" CHECK("entries"."status" IN ('candidate', 'active', 'superseded', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_id_unique` ON `entries` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `entries_scope_title_live` ON `entries` (`scope`,"title" COLLATE NOCASE) WHERE trashed_at IS NULL;--> statement-breakpoint
CREATE INDEX `entries_scope_updated` ON `entries` (`scope`,`updated_at`);--> statement-breakpoint
CREATE INDEX `entries_trashed` ON `entries` (`trashed_at`);--> statement-breakpoint
CREATE INDEX `entries_expires` ON `entries` (`expires_at`);--> statement-breakpoint
CREATE TABLE `transcript_parts` (
	`session_id` text NOT NULL,
	`part_id` text NOT NULL,
	`message_id` text NOT NULL,
	`hash` text NOT NULL,
	`line` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transcript_parts_key` ON `transcript_parts` (`session_id`,`part_id`);--> statement-breakpoint
CREATE TABLE `transcripts` (
	`session_id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`path` text NOT NULL,
	`title` text,
	`last_message_id` text,
	`last_message_at` integer,
	`lines` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`repairs` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transcripts_scope_updated` ON `transcripts` (`scope`,`updated_at`);