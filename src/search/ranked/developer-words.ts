/**
 * Words developers write in two ways, an abbreviation and its long form (`db` and `database`, `rc` and `release
 * candidate`), or two names for one thing (`main` and `master`): a query holding one also looks for the other, as a
 * term of its own.
 *
 * Measured on the coding-recall questions to tune on (hit@1 / hit@5 / median bytes, limit 5, project-wide) and on
 * LoCoMo (turn hit@5, session hit@5); before: 16.7 % / 31.5 % / 2,470 B, LoCoMo 66.7 % / 90.6 %.
 * - These groups: 16.7 % / 31.5 % / 2,476 B (MRR 0.229 to 0.230), LoCoMo 66.7 % / 90.6 %: neutral, and cheap (a
 *   query holding one of the words counts one more term, 0.3 ms on the 500 MB index); each group alone changed no hit.
 * - Not kept, `repo` / `repository`: 15.7 % / 32.4 % / 2,485 B (MRR 0.225), one answer up into the five and one down
 *   from the first place; the second look already takes `repository` for `repo` (rerank.ts, `sameTerm`).
 */

/** Each group: the ways of writing one thing, folded, the words of a long form separated by a space. */
const GROUPS: readonly (readonly string[])[] = [
  ["rc", "release candidate"],
  ["config", "configuration"],
  ["env", "environment"],
  ["deps", "dependencies"],
  ["db", "database"],
  ["err", "error"],
  ["msg", "message"],
  ["main", "master"],
  ["pr", "pull request"],
  ["dir", "directory"],
  ["pkg", "package"],
  ["docs", "documentation"],
  ["auth", "authentication"],
  ["args", "arguments"],
];

const OTHERS = new Map<string, readonly string[]>(
  GROUPS.flatMap((group) => group.map((form) => [form, group.filter((f) => f !== form)] as const)),
);

/** The other ways of writing a term's words (`db`: `database`), none for most. */
export function otherForms(words: readonly string[]): readonly string[] {
  return OTHERS.get(words.join(" ")) ?? [];
}
