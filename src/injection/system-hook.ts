/**
 * What a request's system prompt gets (the port's `onSystemPrompt`): the memory nudge and the memory block.
 * The fixed block is computed at the session's first model request and kept for the whole session, so later requests
 * carry the same text (the provider's prompt cache stays warm, and the agent does not lose it after the first turn).
 * A user turn whose message matches saved entries gets a block that starts with them, kept for every request of
 * that turn; a turn that matches nothing gets the fixed block again, so only a matching turn changes the prompt.
 * Nothing is read or created while the store is empty; OpenCode's internal agents get nothing.
 */
import type { MemoryStore } from "../store/memory-store.js";
import { buildMemoryBlock } from "./memory-block.js";
import { messageMatches } from "./message-matches.js";
import { MEMORY_NUDGE } from "./nudge.js";
import type { UserTurn } from "./user-turns.js";

// OpenCode's title generator and compaction agent also go through this hook; memory is noise to them.
const INTERNAL_PROMPTS = ["You are a title generator", "You are a context summarization agent"];
/** Sessions remembered at once; the oldest is forgotten first (it is then computed again if it comes back). */
const MAX_SESSIONS = 500;
/** Entries of the user's message shown at most: the block keeps room for the fixed sections. */
const MAX_MATCHES = 4;

export interface SystemHookDeps {
  memory: MemoryStore;
  /** The project scope of this plugin instance. */
  project: string;
  maxChars: number;
  /** Provider ids whose requests are ours (the in-process pointer model): never injected. */
  ownProviders: readonly string[];
  /** True when the person switched memory off for this session. */
  isOptedOut(sessionID: string): Promise<boolean>;
  /** The session's newest user message (`chat.message`); without it every request gets the fixed block. */
  latestTurn?(sessionID: string): UserTurn | undefined;
}

export interface SystemTransformInput {
  sessionID?: string;
  model: { providerID: string };
}

/** A bounded map of promises per session; a failed one is forgotten, so the next request tries again. */
function sessionCache<T>() {
  const entries = new Map<string, { key: string; value: Promise<T> }>();
  return (sessionID: string, key: string, make: () => Promise<T>): Promise<T> => {
    const held = entries.get(sessionID);
    if (held?.key === key) return held.value;
    const value = make();
    value.catch(() => {
      if (entries.get(sessionID)?.value === value) entries.delete(sessionID);
    });
    entries.delete(sessionID);
    entries.set(sessionID, { key, value });
    if (entries.size > MAX_SESSIONS) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

export function createSystemTransformHook(deps: SystemHookDeps) {
  const fixed = sessionCache<string | undefined>();
  const turns = sessionCache<string | undefined>();

  const fixedBlock = (sessionID: string) =>
    fixed(sessionID, "", () => buildMemoryBlock(deps.memory, deps.project, deps.maxChars));

  const blockFor = (sessionID: string): Promise<string | undefined> => {
    const turn = deps.latestTurn?.(sessionID);
    if (!turn) return fixedBlock(sessionID);
    return turns(sessionID, turn.id, async () => {
      const matches = await messageMatches(deps.memory, deps.project, turn.text, MAX_MATCHES);
      if (matches.length === 0) return fixedBlock(sessionID);
      const block = await buildMemoryBlock(deps.memory, deps.project, deps.maxChars, matches);
      for (const entry of matches) if (block?.includes(`[${entry.id}]`)) turn.shown.add(entry.id);
      return block;
    });
  };

  return async (input: SystemTransformInput, output: { system: string[] }): Promise<void> => {
    const { sessionID } = input;
    if (!sessionID || deps.ownProviders.includes(input.model.providerID)) return;
    const first = output.system[0] ?? "";
    if (INTERNAL_PROMPTS.some((p) => first.startsWith(p))) return;
    if (await deps.isOptedOut(sessionID)) return;
    const block = await blockFor(sessionID);
    output.system.push(block ? `${MEMORY_NUDGE}\n${block}` : MEMORY_NUDGE);
  };
}
