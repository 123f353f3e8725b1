/**
 * Doctor's look at the team memory file of the project holding the current folder: each bad line by number (they are
 * left out of the index, and team saves wait until they are fixed).
 */
import { plural } from "../human-units.js";
import { readTeamFile } from "../team/team-file.js";
import { teamFilePath } from "../team/team-path.js";
import { readTeamText } from "../team/team-read.js";
import type { Finding } from "./doctor-files.js";

/** Bad lines named one finding each; the rest are counted in one more. */
const LINES_SHOWN = 20;

export function teamFindings(project: string, now: number): Finding[] {
  const file = teamFilePath(project);
  const { text } = readTeamFile(file);
  if (text === undefined) return [];
  const { entries, problems } = readTeamText(text, now);
  if (problems.length === 0) {
    return [
      {
        check: "team memory",
        status: "ok",
        detail: `${file}: ${plural(entries.length, "entry", "entries")}, all valid`,
      },
    ];
  }
  const fix = "fix or remove the line (opencode-ledger team check lists them all); until then team saves are refused";
  const findings: Finding[] = problems.slice(0, LINES_SHOWN).map((p) => ({
    check: "team memory",
    status: "warn",
    detail: `${file}:${p.line}: ${p.message}`,
    fix,
  }));
  if (problems.length > LINES_SHOWN) {
    findings.push({
      check: "team memory",
      status: "warn",
      detail: `${problems.length - LINES_SHOWN} more bad lines in ${file}`,
      fix,
    });
  }
  return findings;
}
