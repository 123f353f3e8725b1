/**
 * Flags are parsed by node:util parseArgs and then validated by the command's one zod schema. Every problem becomes an
 * InvalidInputError naming the flag (`--limit`) or the argument (`<id>`); the caller exits 2 for these.
 */
import { parseArgs } from "node:util";
import type { ZodError } from "zod";
import { InvalidInputError } from "../errors.js";
import type { ListQuery, StatusFilter } from "../store/memory-types.js";
import type { CommandSpec, FlagSpec, RawInput, Zod } from "./command.js";
import { nearestName } from "./nearest-name.js";
import { shared } from "./schemas.js";

/** Flags every command takes. */
export const GLOBAL_FLAGS: Record<string, FlagSpec> = {
  "data-dir": {
    type: "string",
    value: "<dir>",
    description: "Folder of the store and transcripts (default $XDG_DATA_HOME/opencode-ledger)",
  },
  json: { type: "boolean", description: "Machine output: one JSON document on stdout" },
  help: { type: "boolean", short: "h", description: "Show this help" },
};

export const SCOPE_FLAG: Record<string, FlagSpec> = {
  scope: {
    type: "string",
    value: "<path|project|team|global|all>",
    description:
      "Whose memory: a project's folder, project (this one), team (this project's team memory), global, or all (default: this project, its team memory and global)",
  },
};

/** The filters of the commands that show pages of entries (list, search), with their default page size. */
export function entryFilterFlags(limitDefault: number, trashDescription: string): Record<string, FlagSpec> {
  return {
    ...SCOPE_FLAG,
    status: {
      type: "string",
      value: "<status>",
      description: "candidate, active, superseded, rejected or all (default: candidate and active)",
    },
    kind: { type: "string", value: "<kind>", description: "Only entries of this kind (decision, fact, lesson...)" },
    trash: { type: "boolean", description: trashDescription },
    limit: { type: "string", value: "<n>", description: `At most n entries (1-1000, default ${limitDefault})` },
    offset: { type: "string", value: "<n>", description: "Skip the first n entries (default 0)" },
  };
}

/** The parsed `entryFilterFlags` as the store's list and search take them. */
export function entryFilterQuery(
  input: { status?: StatusFilter; kind?: string; trash?: boolean; limit: number; offset: number },
  scopes: readonly string[] | undefined,
): ListQuery {
  return {
    scopes,
    status: input.status,
    kind: input.kind,
    trashed: input.trash,
    limit: input.limit,
    offset: input.offset,
  };
}

export const PROGRESS_FLAG: Record<string, FlagSpec> = {
  progress: { type: "boolean", description: "Progress on stderr even when stderr is not a terminal" },
};

export function usageError(field: string, detail: string): InvalidInputError {
  return new InvalidInputError(field, detail);
}

/** The command's flags plus the global ones, as parseArgs wants them. */
export function allFlags(spec: CommandSpec): Record<string, FlagSpec> {
  return { ...spec.flags, ...GLOBAL_FLAGS };
}

function parseError(error: unknown, flags: Record<string, FlagSpec>): InvalidInputError {
  const err = error as { code?: string; message?: string };
  const message = String(err.message ?? error);
  // parseArgs names the option in quotes: "Unknown option '--x'", "Option '-y, --yes' does not take an argument".
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  const flag = /--[^\s=<]+/.exec(quoted)?.[0] ?? (/^-[^\s,]+/.exec(quoted)?.[0] || "(arguments)");
  if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const near = flag.startsWith("--") ? nearestName(flag.slice(2), Object.keys(flags)) : undefined;
    return usageError(flag, near ? `unknown flag; did you mean --${near}? See --help` : "unknown flag; see --help");
  }
  if (err.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (message.includes("argument missing") || message.includes("ambiguous")) {
      return usageError(flag, `needs a value (one that starts with a dash is written ${flag}=-value)`);
    }
    if (message.includes("does not take an argument")) return usageError(flag, "is a switch and takes no value");
    return usageError(flag, message);
  }
  if (err.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    return usageError("(arguments)", `${message.replace(/\.$/, "")}; see --help`);
  }
  return usageError("(arguments)", message);
}

/** Runs parseArgs over `argv` with the command's flags; positionals land under `_`. */
export function readArgv(spec: CommandSpec, argv: readonly string[]): RawInput {
  const flags = allFlags(spec);
  const options = Object.fromEntries(
    Object.entries(flags).map(([name, f]) => [
      name,
      { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw parseError(error, flags);
  }
  return { ...parsed.values, _: parsed.positionals };
}

function fieldName(spec: CommandSpec, issuePath: readonly PropertyKey[]): string {
  const [first, second] = issuePath;
  if (first === "_") {
    const index = typeof second === "number" ? second : 0;
    const positional = spec.positionals[Math.min(index, spec.positionals.length - 1)];
    return positional ? `<${positional.name}>` : "(arguments)";
  }
  return typeof first === "string" ? `--${first}` : "(arguments)";
}

/** Validates parsed argv with the command's schema; the first problem is thrown, naming its flag. */
export function validate(spec: CommandSpec, z: Zod, raw: RawInput): unknown {
  const result = spec.schema(z, shared(z)).safeParse(raw);
  if (result.success) return result.data;
  const issue = (result.error as ZodError).issues[0];
  if (!issue) throw usageError("(arguments)", "invalid");
  if (issue.code === "unrecognized_keys") {
    // A flag parseArgs knows but this command's schema does not: keep the message about the flag.
    throw usageError(`--${issue.keys[0] ?? ""}`, "is not a flag of this command; see --help");
  }
  throw usageError(fieldName(spec, issue.path), issue.message);
}
