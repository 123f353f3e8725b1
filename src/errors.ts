/**
 * One error family for the whole plugin. Every message starts with the same prefix, names what was wrong and, where
 * there is one, says what to do instead. Boundaries (tools, hooks, CLI) render these with `describeError`.
 */
export const PREFIX = "[opencode-ledger]";

export type ErrorCode =
  | "INVALID_INPUT"
  | "INVALID_OPTION"
  | "NOT_FOUND"
  | "SCOPE_DENIED"
  | "SECRET_FOUND"
  | "CONFLICT"
  | "NO_DRIVER"
  | "STORE_TOO_NEW"
  | "STORE_UNAVAILABLE"
  | "TRANSCRIPT"
  | "DATA_FOLDER"
  | "HOST";

export class LedgerError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(`${PREFIX} ${message}`, options);
    this.name = "LedgerError";
    this.code = code;
  }
}

/** Bad input to a tool, command or CLI flag; `field` names the argument. */
export class InvalidInputError extends LedgerError {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super("INVALID_INPUT", `${field}: ${detail}`);
  }
}

/** A plugin option that does not validate; the feature it belongs to is switched off. */
export class InvalidOptionError extends LedgerError {
  constructor(
    readonly option: string,
    detail: string,
  ) {
    super("INVALID_OPTION", `option "${option}": ${detail}`);
  }
}

export class NotFoundError extends LedgerError {
  constructor(
    readonly what: string,
    readonly id: string,
    hint = "",
  ) {
    super("NOT_FOUND", `no ${what} with id "${id}"${hint ? `; ${hint}` : ""}`);
  }
}

export class ScopeDeniedError extends LedgerError {
  constructor(
    readonly scope: string,
    allowed: readonly string[],
  ) {
    super(
      "SCOPE_DENIED",
      `scope "${scope}" is not this project's; use one of: ${allowed.map((s) => `"${s}"`).join(", ")}`,
    );
  }
}

/** An entry of another project, named by id to a tool that may change only this project's and global entries. */
export class EntryScopeDeniedError extends LedgerError {
  constructor(
    readonly id: string,
    readonly scope: string,
  ) {
    super(
      "SCOPE_DENIED",
      `entry ${id} belongs to another project (${scope}); from here only this project's and global entries can be changed by id. Change it from a session of that project, or with the opencode-ledger command line.`,
    );
  }
}

/** A value that looks like a credential. The message names the field and the kind, never the value. */
export class SecretFoundError extends LedgerError {
  constructor(
    readonly field: string,
    readonly kind: string,
  ) {
    super(
      "SECRET_FOUND",
      `refused: ${field} looks like it holds a secret (${kind}); nothing was saved. Remove the credential and describe it instead (e.g. "the key is in the CI secrets").`,
    );
  }
}

export class ConflictError extends LedgerError {
  constructor(detail: string) {
    super("CONFLICT", detail);
  }
}

/** The store was written by a newer version of the plugin: we only read it, never alter it. */
export class StoreTooNewError extends LedgerError {
  constructor(
    readonly path: string,
    readonly storeVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      "STORE_TOO_NEW",
      `the store ${path} has schema version ${storeVersion}, newer than this plugin knows (${knownVersion}); it is left untouched and writes are refused. Upgrade opencode-ledger.`,
    );
  }
}

/** How to get a SQLite driver without building anything, for every message that says none loads. */
export const DRIVER_FIX =
  'run it with Node 22.16 or newer (node:sqlite), or with OpenCode\'s runtime: BUN_BE_BUN=1 opencode run "$(command -v opencode-ledger)" <command> (bun:sqlite; the tool does this by itself when it finds opencode on the PATH or in ~/.opencode/bin, and found none), or install better-sqlite3 beside it';

/** No SQLite driver loads in this runtime: nothing is wrong with the store, it cannot be opened from here. */
export class NoDriverError extends LedgerError {
  constructor(readonly missed: readonly { name: string; reason: string }[]) {
    super(
      "NO_DRIVER",
      `no SQLite driver can be loaded here (${missed.map((m) => `${m.name}: ${m.reason}`).join("; ")}); the store was not opened and is not damaged. To fix: ${DRIVER_FIX}`,
    );
  }
}

export class StoreUnavailableError extends LedgerError {
  constructor(
    readonly path: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super("STORE_UNAVAILABLE", `the store ${path} cannot be used: ${detail}`, options);
  }
}

/** A path in the data folder that is not what the plugin made: a file for a folder, a link, another user's file. */
export class DataFolderError extends LedgerError {
  constructor(
    readonly path: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super("DATA_FOLDER", `${path} ${detail}`, options);
  }
}

export class TranscriptError extends LedgerError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super("TRANSCRIPT", detail, options);
  }
}

/**
 * OpenCode failed the plugin: it refused or did not answer a call (a session, a message, a model request), or handed
 * the plugin something its adapter cannot use (a 2.x context without a domain the plugin needs).
 */
export class HostError extends LedgerError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super("HOST", detail, options);
  }
}

/** The one place an unknown thrown value becomes a short message for a person or a model. */
export function describeError(error: unknown): string {
  if (error instanceof LedgerError) return error.message;
  // One of ours wrapped in a plain Error by code between it and the boundary: said once, as it was.
  if (error instanceof Error && error.cause instanceof LedgerError) return error.cause.message;
  const detail = error instanceof Error ? error.message : String(error);
  return detail.startsWith(`${PREFIX} `) ? detail : `${PREFIX} unexpected error: ${detail}`;
}
