/**
 * The last session map of a session, as the TUI shows it: found in the newest compaction summary that is one of ours,
 * summed up in a few words for the status, and cut to a bounded preview for the `/memory` dialog.
 */
import { estimateTokens } from "../compaction/session-map/map-text.js";
import { MAP_START } from "../compaction/session-map/render-map.js";
import { oneLine } from "../one-line.js";

/** Messages read back when the TUI does not hold the summary: a map is always among a session's recent messages. */
export const MAP_LOOKBACK = 200;
/** Lines, and characters per line, of the preview in the `/memory` dialog. */
export const PREVIEW_LINES = 14;
export const PREVIEW_CHARS = 150;

interface MessageLike {
  info: { role: string; summary?: unknown };
  parts: readonly { type: string; text?: string }[];
}

/** The text of the newest summary that is a session map, or undefined. */
export function lastMapOf(messages: readonly MessageLike[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as MessageLike;
    if (m.info.role !== "assistant" || m.info.summary !== true) continue;
    const text = m.parts
      .filter((p) => p.type === "text")
      .map((p) => p.text ?? "")
      .join("");
    return text.startsWith(MAP_START) ? text : undefined;
  }
  return undefined;
}

/** "map 412 tokens, 3 todos open": what the status line says about the last map. */
export function mapLabel(map: string): string {
  const open = /^Todo list \(todowrite at [^)]*\): (.*)$/m.exec(map)?.[1] ?? "";
  const pending = [...open.matchAll(/(\d+) (pending|in progress)/g)].reduce((n, m) => n + Number(m[1]), 0);
  const todos = pending > 0 ? `, ${pending} ${pending === 1 ? "todo" : "todos"} open` : "";
  return `map ${estimateTokens(map)} tokens${todos}`;
}

/** The first lines of the map, each on one line and cut, with a last line saying how much is left out. */
export function mapPreview(map: string): string[] {
  const lines = map.split("\n");
  const shown = lines.slice(0, PREVIEW_LINES).map((line) => oneLine(line, PREVIEW_CHARS));
  const left = lines.length - shown.length;
  return left > 0 ? [...shown, `… ${left} more lines (the whole map is the session's compaction summary)`] : shown;
}

/** Sessions whose last map is kept in memory; the TUI shows one session at a time. */
const CACHED_SESSIONS = 32;

export interface LastMaps {
  /** The session's last map: from memory when a compaction or an earlier read saw it, else read from the host. */
  get(sessionID: string): Promise<string | undefined>;
  /** Reads the session's last map from the host again (after a compaction). */
  refresh(sessionID: string): Promise<string | undefined>;
}

/** Last maps over `read` (the session's newest messages with their parts, oldest first). */
export function createLastMaps(read: (sessionID: string) => Promise<readonly MessageLike[]>): LastMaps {
  const maps = new Map<string, string | undefined>();
  const refresh = async (sessionID: string) => {
    const map = lastMapOf(await read(sessionID));
    maps.delete(sessionID);
    maps.set(sessionID, map);
    for (const key of maps.keys()) {
      if (maps.size <= CACHED_SESSIONS) break;
      maps.delete(key);
    }
    return map;
  };
  return {
    get: (sessionID) => (maps.has(sessionID) ? Promise.resolve(maps.get(sessionID)) : refresh(sessionID)),
    refresh,
  };
}
