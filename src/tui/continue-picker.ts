/**
 * The rows of the `/memory-continue` picker: the project's sessions, the one used last first, each with when it was
 * last used and how long its transcript is, so a person finds the session by its day as well as by its title.
 * OpenCode 1.18's select dialog cuts a row's title at 61 columns and gives its description what is left of the
 * dialog (46 columns in the extra-large one, 116 wide): the id leads the title so it is never cut, and the
 * description (date, age, length) stays within those 46.
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

/** Columns of a row's title that OpenCode's select dialog shows; past them it cuts with an ellipsis. */
export const TITLE_COLUMNS = 61;

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
      const transcript = n === undefined ? "no transcript" : plural(n, "line", "lines");
      const title = session.title ? `${session.id} · ${session.title}` : session.id;
      return {
        title: oneLine(title, TITLE_COLUMNS),
        value: session.id,
        description: `${used} · ${transcript}`,
      };
    });
}
