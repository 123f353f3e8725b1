/**
 * The compaction hooks. OpenCode 1.18 always streams a model for a compaction; what we control is its prompt
 * (`experimental.session.compacting`), the history copy it is given (`experimental.chat.messages.transform`), and the
 * text stored from it (`experimental.text.complete`). Route `pointer`: the prompt carries the pointer between
 * markers and the in-process model answers with exactly that. Route `prompt`: the user's model gets the pointer and
 * no history, and whatever it writes is replaced by the pointer. If the transcript cannot be written, nothing is
 * changed and the compaction produces a real summary (see fallback-summary.ts).
 */
import type { Hooks } from "@opencode-ai/plugin";
import { describeError } from "../../errors.js";
import type { Logger } from "../../log.js";
import type { CompactionRoute } from "./host-config.js";
import { wrapPointer } from "./markers.js";

/** A compaction whose pointer is ready, waiting for its history copy and (route `prompt`) its summary text. */
interface Pending {
  pointer: string;
  at: number;
  historyEmptied: boolean;
}

/** The compacting hook and the history copy follow each other within one compaction; older marks are stale. */
const PENDING_TTL_MS = 120_000;

export const PROMPT_INSTRUCTION =
  "Reply with exactly the text between the two marker lines below, without the markers, and nothing else.";

export interface CompactionState {
  /** Set by the `config` hook; until then (and if it never runs) no compaction is touched. */
  route: CompactionRoute;
}

export interface CompactionHookDeps {
  state: CompactionState;
  /** The session map standing for the compacted turns (the port's summarizer); throws when it cannot be made. */
  sessionPointer: (sessionID: string) => Promise<{ pointer: string }>;
  /** True when the message is the summary of a compaction (asked of the host only in route `prompt`). */
  isSummaryMessage: (sessionID: string, messageID: string) => Promise<boolean>;
  log: Logger;
  clock: () => number;
}

type CompactionHooks = Required<
  Pick<
    Hooks,
    | "experimental.session.compacting"
    | "experimental.chat.messages.transform"
    | "experimental.text.complete"
    | "experimental.compaction.autocontinue"
  >
>;

export function createCompactionHooks(deps: CompactionHookDeps): CompactionHooks {
  const pending = new Map<string, Pending>();
  // A run of compactions whose transcript could not be written is logged once, at its first failure, whatever each
  // failure said: a full disk surfaces where the export stands when it fills (the lock, the append, the index), and
  // one cause is one error to read. A compaction that writes its transcript ends the run; the next failure is news.
  let failing = false;
  const fresh = (entry: Pending | undefined): entry is Pending =>
    entry !== undefined && deps.clock() - entry.at < PENDING_TTL_MS;

  return {
    "experimental.session.compacting": async (input, output) => {
      const route = deps.state.route;
      if (route === "off") return;
      let pointer: string;
      try {
        ({ pointer } = await deps.sessionPointer(input.sessionID));
      } catch (error) {
        // The session must go on: leave prompt and history alone, so the summary is OpenCode's own.
        const message = describeError(error);
        if (!failing) {
          failing = true;
          deps.log.log(
            "error",
            `compaction of ${input.sessionID}: the transcript could not be written (${message}); the summary falls back to a model-written one`,
          );
        }
        return;
      }
      failing = false;
      pending.set(input.sessionID, { pointer, at: deps.clock(), historyEmptied: false });
      output.prompt = route === "pointer" ? wrapPointer(pointer) : `${PROMPT_INSTRUCTION}\n${wrapPointer(pointer)}`;
    },

    "experimental.chat.messages.transform": async (_input, output) => {
      // The input is empty: the session is read from the messages. The first transform after the compacting hook
      // of that session is the compaction's own copy of the history (a clone; normal turns pass the live list).
      const sessionID = output.messages[0]?.info.sessionID;
      if (sessionID === undefined) return;
      const entry = pending.get(sessionID);
      if (!fresh(entry) || entry.historyEmptied) return;
      // A normal turn after a compaction carries the compaction trigger part; the compaction's copy never does.
      if (output.messages.some((m) => m.parts.some((p) => p.type === "compaction"))) return;
      entry.historyEmptied = true;
      output.messages.length = 0;
      if (deps.state.route === "pointer") pending.delete(sessionID);
    },

    "experimental.text.complete": async (input, output) => {
      const entry = pending.get(input.sessionID);
      if (!fresh(entry) || !entry.historyEmptied) return;
      if (!(await deps.isSummaryMessage(input.sessionID, input.messageID))) return;
      output.text = entry.pointer;
      pending.delete(input.sessionID);
    },

    "experimental.compaction.autocontinue": async (input) => {
      pending.delete(input.sessionID);
    },
  };
}
