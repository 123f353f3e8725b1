/**
 * Typed slash commands with arguments. A TUI command runs without arguments when picked from the autocomplete; to
 * give `/memory-continue <sessionID>` or `/memory-injection off` from the prompt, the TUI reads the prompt text when
 * Enter is pressed. Only a command name followed by a space is taken: while the autocomplete is open the text has no
 * space yet, and Enter there must pick the highlighted entry.
 */
import { InvalidInputError } from "../errors.js";

export const TUI_COMMANDS = ["memory", "memory-continue", "memory-cleanup", "memory-injection"] as const;
export type TuiCommandName = (typeof TUI_COMMANDS)[number];

export interface SlashInput {
  name: TuiCommandName;
  /** The words after the command name. */
  args: string[];
}

const PATTERN = /^\/([a-z-]+)\s+([\s\S]*)$/;

/** The command and its arguments when `text` is one of ours followed by a space; undefined otherwise. */
export function parseSlashInput(text: string): SlashInput | undefined {
  const match = PATTERN.exec(text.trimStart());
  if (!match) return undefined;
  const name = match[1] as TuiCommandName;
  if (!TUI_COMMANDS.includes(name)) return undefined;
  const rest = (match[2] ?? "").trim();
  return { name, args: rest === "" ? [] : rest.split(/\s+/) };
}

export type InjectionChoice = "on" | "off" | "toggle";

/** `/memory-injection [on|off]`: no argument toggles. */
export function parseInjectionArgs(args: readonly string[]): InjectionChoice {
  if (args.length === 0) return "toggle";
  const word = args[0]?.toLowerCase();
  if (args.length === 1 && (word === "on" || word === "off")) return word;
  throw new InvalidInputError("/memory-injection", `expected "on" or "off", got "${args.join(" ").slice(0, 40)}"`);
}

/** `/memory-cleanup [apply]`. */
export function parseCleanupArgs(args: readonly string[]): { apply: boolean } {
  if (args.length === 0) return { apply: false };
  if (args.length === 1 && args[0]?.toLowerCase() === "apply") return { apply: true };
  throw new InvalidInputError("/memory-cleanup", `expected nothing or "apply", got "${args.join(" ").slice(0, 40)}"`);
}

/** `/memory-continue [sessionID]`: the id is checked where it is used. */
export function parseContinueArgs(args: readonly string[]): { sessionID?: string } {
  if (args.length === 0) return {};
  if (args.length === 1) return { sessionID: args[0] };
  throw new InvalidInputError("/memory-continue", "expected one session id (ses_…) or nothing to pick a session");
}
