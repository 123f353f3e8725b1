/**
 * Every command with its one-line summary and a loader: `--help` and an unknown command need no command module, and
 * a command loads only its own file.
 */
import type { CommandSpec } from "./command.js";

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CommandSpec>;
}

export const GROUPS: Record<string, string> = {
  transcripts: "Exported session transcripts: list, search, read, cleanup, backfill",
  team: "Team memory kept in the project's repository: check, promote, demote",
};

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "setup",
    summary: "Add the plugin to OpenCode's opencode.json and tui.json",
    load: async () => (await import("./commands/setup.js")).command,
  },
  {
    name: "search",
    summary: "Search memory entries by words",
    load: async () => (await import("./commands/search.js")).command,
  },
  {
    name: "list",
    summary: "List memory entries, newest first",
    load: async () => (await import("./commands/list.js")).command,
  },
  { name: "show", summary: "Show one entry in full", load: async () => (await import("./commands/show.js")).command },
  {
    name: "history",
    summary: "Show the audit trail of one entry",
    load: async () => (await import("./commands/history.js")).command,
  },
  {
    name: "review",
    summary: "Walk the candidates one by one: approve, reject, skip, quit",
    load: async () => (await import("./commands/review.js")).command,
  },
  {
    name: "activate",
    summary: "Make entries active again (a rejected one that holds after all)",
    load: async () => (await import("./commands/activate.js")).command,
  },
  {
    name: "forget",
    summary: "Move entries to the trash (restorable)",
    load: async () => (await import("./commands/forget.js")).command,
  },
  {
    name: "restore",
    summary: "Bring entries back from the trash",
    load: async () => (await import("./commands/restore.js")).command,
  },
  {
    name: "purge",
    summary: "Delete entries permanently (asks first)",
    load: async () => (await import("./commands/purge.js")).command,
  },
  {
    name: "stats",
    summary: "Counts by kind and status, sizes",
    load: async () => (await import("./commands/stats.js")).command,
  },
  {
    name: "export",
    summary: "Write entries as JSON Lines",
    load: async () => (await import("./commands/export.js")).command,
  },
  {
    name: "import",
    summary: "Read entries from JSON Lines (secret guard and limits apply)",
    load: async () => (await import("./commands/import.js")).command,
  },
  {
    name: "doctor",
    summary: "Check paths, file modes, schema, integrity, index and transcripts",
    load: async () => (await import("./commands/doctor.js")).command,
  },
  {
    name: "team check",
    summary: "Validate the team memory file (exit 1 on a bad line or a secret)",
    load: async () => (await import("./commands/team-check.js")).command,
  },
  {
    name: "team promote",
    summary: "Move project entries into the team memory",
    load: async () => (await import("./commands/team-move.js")).promote,
  },
  {
    name: "team demote",
    summary: "Move team entries back to the project's own memory",
    load: async () => (await import("./commands/team-move.js")).demote,
  },
  {
    name: "transcripts list",
    summary: "List exported transcripts, last touched first",
    load: async () => (await import("./commands/transcripts-list.js")).command,
  },
  {
    name: "transcripts search",
    summary: "Search transcripts: best-matching lines first, or every line with --mode literal or regex",
    load: async () => (await import("./commands/transcripts-search.js")).command,
  },
  {
    name: "transcripts read",
    summary: "Print a transcript's numbered lines, whole or a window",
    load: async () => (await import("./commands/transcripts-read.js")).command,
  },
  {
    name: "transcripts cleanup",
    summary: "Remove transcripts by retention rules (dry run unless --apply)",
    load: async () => (await import("./commands/transcripts-cleanup.js")).command,
  },
  {
    name: "transcripts backfill",
    summary: "Turn every session OpenCode holds into a transcript, newest first",
    load: async () => (await import("./commands/transcripts-backfill.js")).command,
  },
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** Subcommands of a group ("transcripts" -> "transcripts list", ...). */
export function groupCommands(group: string): CommandEntry[] {
  return COMMANDS.filter((c) => c.name.startsWith(`${group} `));
}
