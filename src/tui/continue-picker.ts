/**
 * The rows of the `/memory-continue` picker: the project's sessions, the one used last first, each with when it was
 * last used and how long its transcript is, so a person finds the session by its day as well as by its title.
 */
import { formatAge, plural } from "../human-units.js";
import { oneLine } from "../one-line.js";

export interface PickedSession {
  id: string;
  title: string;
  time: { created: number; updated: number };
}

export interface PickerOption {
  title: string;
  value: string;
  description: string;
}

/** `lines`: transcript length by session id; `current` is left out; at most `limit` rows. */
export function pickerOptions(
  sessions: readonly PickedSession[],
  lines: ReadonlyMap<string, number>,
  current: string | undefined,
  now: number,
  limit: number,
): PickerOption[] {
  return sessions
    .filter((session) => session.id !== current)
    .sort((a, b) => b.time.updated - a.time.updated)
    .slice(0, limit)
    .map((session) => {
      const n = lines.get(session.id);
      const used = `${new Date(session.time.updated).toISOString().slice(0, 16).replace("T", " ")} (${formatAge(Math.max(0, now - session.time.updated))} ago)`;
      const transcript = n === undefined ? "no transcript yet" : `transcript ${plural(n, "line", "lines")}`;
      return {
        title: oneLine(session.title || session.id, 120),
        value: session.id,
        description: `${used} · ${transcript} · ${session.id}`,
      };
    });
}
