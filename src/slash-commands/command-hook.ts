/**
 * `command.execute.before` for our commands: the command's message becomes what the command produced. OpenCode
 * always starts a model turn after a command, so a refusal is worded for the model to pass on.
 */
import type { Hooks } from "@opencode-ai/plugin";
import { tagCommandParts } from "../compaction/session-map/command-tag.js";
import type { SessionPointer } from "../compaction/session-pointer.js";
import { describeError } from "../errors.js";
import { checkSessionId } from "../session-id.js";
import { CLEANUP_COMMAND, CONTINUE_COMMAND } from "./definitions.js";

export interface CommandHookDeps {
  /** Exports the session (refusing an unknown one with a NotFoundError) and builds its pointer. */
  sessionPointer: SessionPointer;
  /** Runs the transcript retention sweep (removes only when `apply`) and returns its report. */
  cleanupReport?: (apply: boolean) => Promise<string>;
}

type CommandHook = NonNullable<Hooks["command.execute.before"]>;
type CommandParts = Parameters<CommandHook>[1]["parts"];

function setText(parts: CommandParts, text: string): void {
  const first = parts.find((p) => p.type === "text");
  if (first && first.type === "text") {
    first.text = text;
    // Any further text parts of the template would repeat the command's own words.
    for (let i = parts.length - 1; i >= 0; i--) if (parts[i] !== first && parts[i]?.type === "text") parts.splice(i, 1);
  } else {
    parts.push({ type: "text", text } as CommandParts[number]);
  }
}

const refusal = (command: string, error: unknown) =>
  `/${command} could not run: ${describeError(error)}\nTell the user this in one or two sentences and do nothing else.`;

async function continueText(deps: CommandHookDeps, args: string): Promise<string> {
  const target = args.trim().split(/\s+/)[0] ?? "";
  try {
    checkSessionId(target, "sessionID");
    const { pointer } = await deps.sessionPointer(target);
    return `${pointer}\nContinue the work of ${target} in this session. Read or search its transcript before relying on any detail of it.`;
  } catch (error) {
    return refusal(CONTINUE_COMMAND, error);
  }
}

async function cleanupText(deps: CommandHookDeps, args: string): Promise<string> {
  const word = args.trim().toLowerCase();
  if (word !== "" && word !== "apply") {
    return refusal(
      CLEANUP_COMMAND,
      new Error(`unknown argument "${args.trim().slice(0, 40)}"; use /memory-cleanup or /memory-cleanup apply`),
    );
  }
  if (!deps.cleanupReport)
    return refusal(CLEANUP_COMMAND, new Error("transcript retention is not available in this build"));
  try {
    const report = await deps.cleanupReport(word === "apply");
    return `Transcript cleanup report:\n${report}\nShow this report to the user as it is.`;
  } catch (error) {
    return refusal(CLEANUP_COMMAND, error);
  }
}

export function createCommandHook(deps: CommandHookDeps): CommandHook {
  return async (input, output) => {
    if (input.command === CONTINUE_COMMAND) setText(output.parts, await continueText(deps, input.arguments));
    else if (input.command === CLEANUP_COMMAND) setText(output.parts, await cleanupText(deps, input.arguments));
    // Every command's text is its template (or what ours made of it), not what the person typed: tagged so a
    // session map leaves it out.
    tagCommandParts(output.parts as Parameters<typeof tagCommandParts>[0], input.command);
  };
}
