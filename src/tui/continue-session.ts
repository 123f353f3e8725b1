/**
 * `/memory-continue` in the TUI, without a model turn: another session's transcript pointer is added to this session
 * as a user message with `noReply`, so the next prompt the person sends carries it and nothing is sent now.
 */
import { InvalidInputError } from "../errors.js";
import { checkSessionId } from "../session-id.js";

export interface ContinueDeps {
  /** Exports (appends) the session's transcript and builds its pointer; refuses a session OpenCode does not have. */
  sessionPointer: (sessionID: string) => Promise<{ pointer: string; transcript: { totalLines: number } }>;
  /** Adds a user message to a session without asking the model. */
  inject: (sessionID: string, text: string) => Promise<void>;
  /** A new session for when the TUI is on its home screen. */
  createSession: () => Promise<string>;
}

export interface ContinueResult {
  /** The session the pointer went into. */
  sessionID: string;
  created: boolean;
  lines: number;
}

/** What is injected: the pointer and the rule to read before relying on it. */
export function continueText(target: string, pointer: string): string {
  return `${pointer}\nContinue the work of ${target} in this session. Read or search its transcript before relying on any detail of it.`;
}

export async function continueSession(
  deps: ContinueDeps,
  target: string,
  current: string | undefined,
): Promise<ContinueResult> {
  checkSessionId(target, "sessionID");
  if (target === current) {
    throw new InvalidInputError("sessionID", `${target} is this session; name another session to continue from`);
  }
  // The pointer first: an unknown session is refused before a new session is created for it.
  const { pointer, transcript } = await deps.sessionPointer(target);
  const sessionID = current ?? (await deps.createSession());
  await deps.inject(sessionID, continueText(target, pointer));
  return { sessionID, created: current === undefined, lines: transcript.totalLines };
}
