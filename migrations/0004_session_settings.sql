CREATE TABLE `session_settings` (
	`session_id` text PRIMARY KEY NOT NULL,
	`injection_off` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
