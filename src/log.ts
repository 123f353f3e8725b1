/**
 * Writes to OpenCode's own log through the server the plugin was given (the only network peer we talk to).
 * Logging never throws and is never awaited on a hot path.
 */
import type { PluginInput } from "@opencode-ai/plugin";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: LogLevel, message: string, extra?: Record<string, unknown>): void;
}

export const SERVICE = "opencode-ledger";

export function createHostLogger(client: PluginInput["client"]): Logger {
  return {
    log(level, message, extra) {
      // OpenCode 1.18 drops `service` from its log line but prints `extra` as key=value: name the plugin there.
      client.app.log({ body: { service: SERVICE, level, message, extra: { plugin: SERVICE, ...extra } } }).catch(() => {
        // The host is gone or not ready; there is nowhere left to report to.
      });
    },
  };
}

/** A logger that keeps what it was told, for places without a host (the CLI, tests). */
export function createMemoryLogger(): Logger & { lines: { level: LogLevel; message: string }[] } {
  const lines: { level: LogLevel; message: string }[] = [];
  return { lines, log: (level, message) => lines.push({ level, message }) };
}
