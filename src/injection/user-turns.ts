/**
 * The newest user message of each session, as `chat.message` saw it, for the memory block of the requests that
 * answer it. In memory only and bounded: a session not seen since the plugin started gets the fixed block.
 */

/** Sessions remembered at once (the oldest is forgotten first), and characters of a message kept. */
const MAX_SESSIONS = 500;
const MAX_CHARS = 2_000;

export interface UserTurn {
  /** The user message's id (OpenCode's), or a counter when the host gave none. */
  id: string;
  text: string;
  /** Entries the memory block shows in full for this turn: what follows in the turn need not repeat them. */
  shown: Set<string>;
}

export interface UserTurns {
  record(sessionID: string, id: string | undefined, text: string): void;
  latest(sessionID: string): UserTurn | undefined;
}

/** The text of a user message's parts: its text parts, leaving out what OpenCode added itself (synthetic ones). */
export function userText(parts: unknown): string {
  const texts: string[] = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    if (typeof part !== "object" || part === null) continue;
    const { type, text, synthetic } = part as { type?: unknown; text?: unknown; synthetic?: unknown };
    if (type === "text" && typeof text === "string" && synthetic !== true) texts.push(text);
  }
  return texts.join("\n").slice(0, MAX_CHARS);
}

export function createUserTurns(): UserTurns {
  const turns = new Map<string, UserTurn>();
  let counter = 0;
  return {
    record(sessionID, id, text) {
      turns.delete(sessionID);
      turns.set(sessionID, { id: id ?? `turn-${++counter}`, text: text.slice(0, MAX_CHARS), shown: new Set() });
      if (turns.size > MAX_SESSIONS) turns.delete(turns.keys().next().value as string);
    },
    latest: (sessionID) => turns.get(sessionID),
  };
}
