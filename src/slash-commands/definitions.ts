/**
 * The slash commands the plugin adds to OpenCode's configuration. OpenCode turns a command into a model turn; the
 * host adapter (src/host/) replaces the template text with what the command produced (command-runner.ts).
 */
import type { Logger } from "../log.js";

export const CONTINUE_COMMAND = "memory-continue";
export const CLEANUP_COMMAND = "memory-cleanup";

interface CommandConfig {
  template: string;
  description?: string;
  [key: string]: unknown;
}

const COMMANDS: Record<string, CommandConfig> = {
  [CONTINUE_COMMAND]: {
    template: "Continue the work of session $ARGUMENTS.",
    description: "Bring another session's transcript pointer into this one: /memory-continue <sessionID>",
  },
  [CLEANUP_COMMAND]: {
    template: "Transcript cleanup $ARGUMENTS",
    description: "Transcript retention sweep: a dry run that lists what would go; /memory-cleanup apply removes it",
  },
};

/** Our commands by name, with what the person is told of each (a host with its own command registry lists these). */
export function commandDescriptions(): { name: string; description: string }[] {
  return Object.entries(COMMANDS).map(([name, command]) => ({ name, description: command.description ?? "" }));
}

/** Adds our commands; a command of the same name that the user defined is kept, and the log says so. */
export function registerCommands(cfg: { command?: Record<string, CommandConfig | undefined> }, log: Logger): void {
  cfg.command ??= {};
  for (const [name, command] of Object.entries(COMMANDS)) {
    if (cfg.command[name]) {
      log.log("warn", `the command /${name} is defined in your configuration: yours is kept, ours is not added`);
      continue;
    }
    cfg.command[name] = { ...command };
  }
}
