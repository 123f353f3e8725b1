/**
 * What a command is: its help (plain data, so `--help` loads no zod and no store), its flags for node:util parseArgs,
 * one zod schema over the parsed flags and positionals, and `run`. Command files import heavy modules inside `run`.
 */
import type { output, ZodType, z } from "zod";
import type { CliContext } from "./context.js";
import type { SharedSchemas } from "./schemas.js";

export type Zod = typeof z;

export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** Placeholder of the value in help, e.g. "<n>". */
  value?: string;
  description: string;
}

export interface PositionalSpec {
  name: string;
  description: string;
  required?: boolean;
  /** Takes every remaining positional. */
  variadic?: boolean;
}

/** The object every schema validates: flags by their name as typed (kebab-case), positionals under `_`. */
export type RawInput = Record<string, unknown> & { _: string[] };

export interface CommandSpec<S extends ZodType = ZodType> {
  /** "list", or "transcripts list" for a subcommand. */
  name: string;
  /** Paragraphs after the usage line (the one-line summary is in the command list). */
  description: string;
  flags: Record<string, FlagSpec>;
  positionals: PositionalSpec[];
  /** Shell lines shown under "Examples". */
  examples?: string[];
  /** The schema of the input; `s` holds the shared pieces, `s.input` adds the global flags. */
  schema(z: Zod, s: SharedSchemas): S;
  run(input: output<S>, ctx: CliContext): Promise<number>;
}

/** Keeps the link between a command's schema and the input its `run` receives. */
export function defineCommand<S extends ZodType>(spec: CommandSpec<S>): CommandSpec<S> {
  return spec;
}

export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;
