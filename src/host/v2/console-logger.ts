/** Where the 2.x adapter writes what it logs when the plugin gives it no logger of its own. */
import type { Logger } from "../../log.js";

function writeUnlessTerminal(line: string): void {
  if (!process.stderr.isTTY) console.error(line);
}

/**
 * Writes warnings and errors to the server's standard error, where OpenCode 2.x keeps a plugin's output; never to a
 * terminal, where a TUI draws (OpenCode 1.18's TUI process offers `setup` a context of its own, which it refuses).
 */
export function createConsoleLogger(write: (line: string) => void = writeUnlessTerminal): Logger {
  return {
    log(level, message) {
      if (level === "warn" || level === "error") write(`[opencode-ledger] ${level}: ${message}`);
    },
  };
}
