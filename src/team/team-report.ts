/**
 * What a read of a project's team file reports: how many entries its index took, which lines it left out, and what
 * the read changed. Its bad lines are told the same bounded way in a log line and in an error message.
 */
import type { TeamProblem } from "./team-read.js";
import type { SyncOutcome } from "./team-sync.js";

export interface TeamReport {
  project: string;
  /** Absolute path of the team file. */
  file: string;
  exists: boolean;
  /** Entries the file holds that are in the index. */
  entries: number;
  expired: number;
  /** Bad lines, by number: none of them is in the index. */
  problems: TeamProblem[];
  /** The commit checked out when the file was last read, when known. */
  commit: string | undefined;
  /** What the last read changed in the index. */
  changes: Omit<SyncOutcome, "problems">;
}

/** Bad lines named in one log line or error message; the rest are counted. */
const PROBLEMS_SHOWN = 5;

/** "line 4: not valid JSON; line 9: …", bounded. */
export function problemsText(problems: readonly TeamProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => (p.line > 0 ? `line ${p.line}: ${p.message}` : p.message));
  const more = problems.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}
