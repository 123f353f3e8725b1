/**
 * The bare pointer: where the full transcript is, which lines, what the user asked last, the rule to look things up
 * instead of guessing, and what curated memory holds, at most ~120 tokens. The session map (session-map/) stands for
 * the compacted turns; the pointer is what is left when a map cannot be made of the session's data.
 */
import { oneLine } from "../one-line.js";

/** Hard upper bound of a pointer in characters (about 120 tokens of English and paths). */
export const POINTER_MAX_CHARS = 700;
/** The last user request is cut to this many characters. */
export const REQUEST_MAX_CHARS = 120;

export interface PointerInput {
  sessionID: string;
  /** Absolute path of the transcript file. */
  path: string;
  firstLine: number;
  lastLine: number;
  /** The newest user request of the session ("" when there is none). */
  lastUserRequest: string;
  /** One line about curated memory (e.g. "memory: 12 active entries, 3 lessons"); omitted when empty. */
  inventory?: string;
}

export function buildPointer(input: PointerInput): string {
  const request = oneLine(input.lastUserRequest, REQUEST_MAX_CHARS);
  const inventory = input.inventory ? oneLine(input.inventory, 120) : "";
  const compose = (withRequest: boolean, withInventory: boolean) =>
    [
      `[opencode-ledger] Earlier turns of ${input.sessionID} are compacted into a transcript, not summarised.`,
      `Transcript: ${input.path} (lines ${input.firstLine}-${input.lastLine}).`,
      withRequest && request ? `Last user request: "${request}"` : "",
      "Never guess earlier details: memory_session_search the transcript, or memory_session_read / Read its lines.",
      withInventory ? inventory : "",
    ]
      .filter(Boolean)
      .join("\n");
  // A very long path must not break the bound: drop the optional lines first, then cut.
  for (const [withRequest, withInventory] of [
    [true, true],
    [true, false],
    [false, false],
  ] as const) {
    const text = compose(withRequest, withInventory);
    if (text.length <= POINTER_MAX_CHARS) return text;
  }
  return `${compose(false, false).slice(0, POINTER_MAX_CHARS - 1)}…`;
}
