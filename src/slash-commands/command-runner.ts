/**
 * What our slash commands produce: the text their message becomes. OpenCode always starts a model turn after a
 * command, so a refusal is worded for the model to pass on. How the text reaches the message is the host adapter's.
 */
import type { SessionPointer } from "../compaction/session-pointer.js";
import { describeError } from "../errors.js";
import type { CommandRunner } from "../host/host-port.js";
import { checkSessionId } from "../session-id.js";
import { CLEANUP_COMMAND, CONTINUE_COMMAND } from "./definitions.js";

export interface CommandRunnerDeps {
  /** Exports the session (refusing an unknown one with a NotFoundError) and builds its pointer. */
  sessionPointer: SessionPointer;
  /** Runs the transcript retention sweep (removes only when `apply`) and returns its report. */
  cleanupReport?: (apply: boolean) => Promise<string>;
}

const refusal = (command: string, error: unknown) =>
  `/${command} could not run: ${describeError(error)}\nTell the user this in one or two sentences and do nothing else.`;

async function continueText(deps: CommandRunnerDeps, args: string): Promise<string> {
  const target = args.trim().split(/\s+/)[0] ?? "";
  try {
    checkSessionId(target, "sessionID");
    const { pointer } = await deps.sessionPointer(target);
    return `${pointer}\nContinue the work of ${target} in this session. Read or search its transcript before relying on any detail of it.`;
  } catch (error) {
    return refusal(CONTINUE_COMMAND, error);
  }
}

async function cleanupText(deps: CommandRunnerDeps, args: string): Promise<string> {
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

export function createCommandRunner(deps: CommandRunnerDeps): CommandRunner {
  return async (command, args) => {
    if (command === CONTINUE_COMMAND) return continueText(deps, args);
    if (command === CLEANUP_COMMAND) return cleanupText(deps, args);
    return undefined;
  };
}
