/**
 * What a request's system prompt gets (the port's `onSystemPrompt`): the memory nudge and the memory block.
 * The block is computed at the session's first model request and then kept for the whole session, so every later
 * request carries the same text (the provider's prompt cache stays warm, and the agent does not lose it after the
 * first turn). Nothing is read or created while the store is empty; OpenCode's internal agents get nothing.
 */
import type { MemoryStore } from "../store/memory-store.js";
import { buildMemoryBlock } from "./memory-block.js";
import { MEMORY_NUDGE } from "./nudge.js";

// OpenCode's title generator and compaction agent also go through this hook; memory is noise to them.
const INTERNAL_PROMPTS = ["You are a title generator", "You are a context summarization agent"];
/** Sessions remembered at once; the oldest is forgotten first (it is then computed again if it comes back). */
const MAX_SESSIONS = 500;

export interface SystemHookDeps {
  memory: MemoryStore;
  /** The project scope of this plugin instance. */
  project: string;
  maxChars: number;
  /** Provider ids whose requests are ours (the in-process pointer model): never injected. */
  ownProviders: readonly string[];
  /** True when the person switched memory off for this session. */
  isOptedOut(sessionID: string): Promise<boolean>;
}

export interface SystemTransformInput {
  sessionID?: string;
  model: { providerID: string };
}

export function createSystemTransformHook(deps: SystemHookDeps) {
  const blocks = new Map<string, Promise<string | undefined>>();

  const blockFor = (sessionID: string): Promise<string | undefined> => {
    let block = blocks.get(sessionID);
    if (!block) {
      block = buildMemoryBlock(deps.memory, deps.project, deps.maxChars);
      // A failed read is not remembered: the next request tries again.
      block.catch(() => blocks.delete(sessionID));
      blocks.set(sessionID, block);
      if (blocks.size > MAX_SESSIONS) blocks.delete(blocks.keys().next().value as string);
    }
    return block;
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
