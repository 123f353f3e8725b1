/**
 * How much of the `/memory` dialog fits the terminal, without any UI. OpenCode draws a dialog a quarter of the
 * terminal's height from the top, so a list that is not bounded runs off the bottom and takes the key line with it;
 * here the candidates become a window that follows the cursor, the other sections give way first, and the key line
 * is always the dialog's last line. Widths follow the terminal so no line runs past the dialog's edge.
 */

/** OpenCode's dialog sizes and the width each asks for; a dialog never grows past the terminal less two columns. */
export type DialogSize = "large" | "xlarge";
const SIZE_WIDTH: Record<DialogSize, number> = { large: 88, xlarge: 116 };
/** Terminals at least this wide get the extra-large dialog, so long titles and ids are not cut. */
export const XLARGE_FROM_COLUMNS = 120;

/** The dialog's own frame: padding left and right, one line above (the host's) and one below (ours). */
const PAD_COLUMNS = 4;
const FRAME_ROWS = 2;

export function dialogSize(columns: number): DialogSize {
  return columns >= XLARGE_FROM_COLUMNS ? "xlarge" : "large";
}

/** Lines and characters per line the dialog's content has on a terminal of `rows` by `columns`. */
export function dialogRoom(rows: number, columns: number): { lines: number; width: number } {
  const width = Math.min(SIZE_WIDTH[dialogSize(columns)], columns - 2) - PAD_COLUMNS;
  const lines = rows - Math.floor(rows / 4) - FRAME_ROWS;
  return { lines: Math.max(1, lines), width: Math.max(10, width) };
}

/** What the dialog has to show, in lines. */
export interface ReviewContent {
  figures: number;
  recent: number;
  team: number;
  teamProblems: number;
  /** Candidates on the current page. */
  candidates: number;
  map: number;
  /** A line saying what the last decision did. */
  said: boolean;
}

/** Lines given to each section; -1: the section is left out, heading and all (recent and team show one line, "none
 * yet", when they are empty). */
export interface ReviewFit {
  recent: number;
  team: number;
  teamProblems: number;
  candidates: number;
  map: number;
  /** Sections left out or cut for lack of rows, named for the note line. */
  cut: string[];
}

/**
 * Fits the content into `lines`: the header, the figures, the candidates' heading, the selected candidate's preview,
 * the note and the key line always; then as many candidates as fit (at least one); then recent entries, team memory
 * and the session map, each with a blank line and a heading, while rows remain.
 */
export function fitReview(lines: number, content: ReviewContent): ReviewFit {
  const fixed = 1 + content.figures + 2 + (content.candidates > 0 ? 1 : 0) + 2 + (content.said ? 1 : 0);
  let left = lines - fixed;
  const cut: string[] = [];
  const candidates = Math.min(content.candidates, Math.max(content.candidates > 0 ? 1 : 0, left));
  left -= candidates;
  if (candidates < content.candidates) cut.push("candidates");
  // A section takes a blank line and its heading; it is shown only with at least one of its rows.
  const section = (rows: number, name: string, always: boolean): number => {
    if (rows === 0 && !always) return 0;
    const need = Math.max(rows, 1);
    if (left < 3) {
      cut.push(name);
      return -1;
    }
    const shown = Math.min(need, left - 2);
    left -= shown + 2;
    if (shown < need) cut.push(name);
    return shown;
  };
  const recent = section(content.recent, "recent", true);
  const teamRows = section(content.team + content.teamProblems, "team", true);
  const map = section(content.map, "map", false);
  const team = Math.max(0, Math.min(content.team, teamRows));
  const teamProblems = Math.max(0, Math.min(content.teamProblems, teamRows - team));
  return { recent, team: teamRows < 0 ? -1 : team, teamProblems, candidates, map: Math.max(0, map), cut };
}

/** The first candidate of a window of `shown` rows over `total` that keeps `cursor` in view, centred when it can. */
export function windowStart(cursor: number, shown: number, total: number): number {
  if (shown >= total) return 0;
  return Math.max(0, Math.min(cursor - Math.floor(shown / 2), total - shown));
}

/** `text` on one line of at most `width` characters, an ellipsis marking a cut. */
export function fitLine(text: string, width: number): string {
  // A title already cut by oneLine ends in its own ellipsis: one is enough.
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1)).replace(/…$/, "")}…`;
}
