/**
 * A credential named in a sentence instead of assigned: "the API key is 3f9a…", "my deploy token was …", "the
 * password is now …", "the Datadog app key → …". The name is read as key-names.ts reads a key, with a lone `key`
 * taking the word before it as its qualifier (`API key`, `access key`; not `primary key`, `cache key`); the notation
 * is `is`, `was`, `are`, `reads` (optionally followed by `now`, `still`, `set to`, then by the colon that introduces
 * the value: "the --password is: …"), `->` or `→`. Prose is looser than a config line, so the value must also be 16
 * characters or more.
 */

const NOTATION = /[ \t]+(?:is|was|are|reads)(?:[ \t]+(?:now|still|set[ \t]+to))?:?[ \t]+|[ \t]*(?:->|→)[ \t]*/y;
const WORD_BEFORE = /([A-Za-z]{2,20})[ \t]+$/;

/** The shortest value a sentence must give a credential name to be refused. */
export const MIN_PROSE_VALUE = 16;

/** Where the value named by the credential word at `[start, end)` starts, or undefined when no notation follows. */
export function proseValueStart(text: string, key: { start: number; end: number }): number | undefined {
  NOTATION.lastIndex = key.end;
  return NOTATION.exec(text) ? NOTATION.lastIndex : undefined;
}

/** The name the sentence gives: the word itself, or `<qualifier>_key` for a lone `key` after its qualifier. */
export function proseKeyName(text: string, key: { start: number; end: number }): string {
  const word = text.slice(key.start, key.end);
  if (word.toLowerCase() !== "key") return word;
  const before = WORD_BEFORE.exec(text.slice(Math.max(0, key.start - 24), key.start));
  return before ? `${before[1]}_${word}` : word;
}

/** A value at the end of a sentence without its full stop (or the `!`, `?`, `:` that end a clause). */
export function withoutClosingPunctuation(value: string): string {
  let end = value.length;
  while (end > 0 && ".!?:".includes(value[end - 1] as string)) end--;
  return value.slice(0, end);
}
