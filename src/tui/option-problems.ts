/**
 * Options that did not validate, said where the person looks: one toast at start naming each bad option (with the
 * closest valid name, src/option-names.ts) and a short mark on the status line that stays until they are fixed.
 */
import { PREFIX } from "../errors.js";
import { plural } from "../human-units.js";

/** The toast: every problem on its own line, without the prefix the toast's title already gives. */
export function optionProblemsToast(problems: readonly string[]): string {
  const lines = problems.map((p) => (p.startsWith(`${PREFIX} `) ? p.slice(PREFIX.length + 1) : p));
  return [...lines, "opencode-ledger doctor checks the options again"].join("\n");
}

/** The status line's mark: how many options need fixing, or undefined when none. */
export function optionProblemsMark(problems: readonly string[]): string | undefined {
  return problems.length > 0 ? `options: ${plural(problems.length, "problem", "problems")}` : undefined;
}

/** The mark of a start the options refused (an invalid dataDir): the plugin is off. */
export const REFUSED_MARK = "memory off: fix option dataDir";
