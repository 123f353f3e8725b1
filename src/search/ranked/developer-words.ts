/**
 * Words developers write in two ways, an abbreviation and its long form (`db` and `database`, `rc` and `release
 * candidate`): a query holding one also looks for the other, as a term of its own.
 *
 * Measured on the coding-recall questions to tune on (hit@1 / hit@5 / MRR / median bytes, limit 5, project-wide) and
 * on LoCoMo (turn hit@5, session hit@5); before: 16.7 % / 31.5 % / 0.229 / 2,470 B, LoCoMo 66.7 % / 90.6 %. Every
 * group was neutral there (the 10 below with `config`, `main`, `pr` and `auth`: 16.7 % / 31.5 % / 0.230 / 2,476 B,
 * LoCoMo 66.7 % / 90.6 %; each group alone changed no hit; the 10 kept: 16.7 % / 31.5 % / 0.231 / 2,470 B, LoCoMo
 * 66.7 % / 90.6 %), so a group is kept only where it is cheap too: a
 * one-abbreviation question on the 500 MB search-index corpus, with and without the other form, interleaved, 60
 * rounds each, at a load of 7 to 10 (so the times run several times today's benchmark), p50:
 * - kept: `env` / environment +0 ms, `db` / database +1 to 3, `dir` / directory +1 to 3, `deps` / dependencies
 *   +1 to 5, `rc` / release candidate +1.5 to 6, `msg` / message +3, `docs` / documentation +2 to 6, `pkg` / package
 *   +3 to 7, `args` / arguments +2 to 7 (about 30 ms without); `err` / error +2;
 * - not kept: `config` / configuration +44 ms (13 ms without: `configuration` stems to `configur`, which most
 *   configuring words share), `main` / master +10 to 13 (8 to 12 ms without), `pr` / pull request +10 to 17, `auth` /
 *   authentication +6 to 9;
 * - not kept, `repo` / `repository`: 15.7 % / 32.4 % / 0.225 / 2,485 B, one answer up into the five and one down from
 *   the first place; the second look already takes `repository` for `repo` (rerank.ts, `sameTerm`).
 */

/** Each group: the ways of writing one thing, folded, the words of a long form separated by a space. */
const GROUPS: readonly (readonly string[])[] = [
  ["rc", "release candidate"],
  ["env", "environment"],
  ["deps", "dependencies"],
  ["db", "database"],
  ["err", "error"],
  ["msg", "message"],
  ["dir", "directory"],
  ["pkg", "package"],
  ["docs", "documentation"],
  ["args", "arguments"],
];

const OTHERS = new Map<string, readonly string[]>(
  GROUPS.flatMap((group) => group.map((form) => [form, group.filter((f) => f !== form)] as const)),
);

/** The other ways of writing a term's words (`db`: `database`), none for most. */
export function otherForms(words: readonly string[]): readonly string[] {
  return OTHERS.get(words.join(" ")) ?? [];
}
