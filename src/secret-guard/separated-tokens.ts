/**
 * Finds the tokens of providers/separated.ts: for each separator, every place it occurs (indexOf), the run of the
 * rule's alphabet read backwards from there, then the rule's pattern after it. A separator preceded by a character
 * outside every such alphabet (most `-`, `:` and `|` in prose and code) costs one comparison.
 */
import { SEPARATED_RULES } from "./providers/separated.js";
import type { SpanSink } from "./secret-span.js";
import type { SeparatedRule } from "./shape-rule.js";

interface Separator {
  readonly text: string;
  readonly rules: readonly SeparatedRule[];
  /** The characters any of its rules' runs may end with: most occurrences are turned down by this one lookup. */
  readonly lastOfRun: Uint8Array;
  /** Whether a rule takes an empty run (the token starts at the separator). */
  readonly emptyRun: boolean;
}

const SEPARATORS: Separator[] = [];
for (const text of new Set(SEPARATED_RULES.map((rule) => rule.separator))) {
  const rules = SEPARATED_RULES.filter((rule) => rule.separator === text);
  const lastOfRun = new Uint8Array(128);
  for (const rule of rules)
    for (let c = 0; c < 128; c++) lastOfRun[c] = lastOfRun[c] || (rule.before.chars[c] as number);
  SEPARATORS.push({ text, rules, lastOfRun, emptyRun: rules.some((rule) => rule.before.min === 0) });
}

// What may not come right before a token's first character: a letter, digit, `_ + / : -` continues a longer one.
const JOINS = new Uint8Array(128);
for (let c = 0; c < 128; c++) JOINS[c] = /[A-Za-z0-9_+/:-]/.test(String.fromCharCode(c)) ? 1 : 0;

/** The start of the token whose run ends at `at`, or -1 when the run is not the rule's (length, alphabet, boundary). */
function runStart(text: string, at: number, rule: SeparatedRule): number {
  const { chars, min, max } = rule.before;
  let start = at;
  while (start > 0 && at - start <= max) {
    const c = text.charCodeAt(start - 1);
    if (c >= 128 || chars[c] !== 1) break;
    start--;
  }
  const length = at - start;
  if (length < min || length > max) return -1;
  const before = start > 0 ? text.charCodeAt(start - 1) : 32;
  return before < 128 && JOINS[before] === 1 ? -1 : start;
}

/** Every separated token in `text`, separator by separator. */
export function separatedTokens(text: string, sink: SpanSink): boolean {
  for (const { text: separator, rules, lastOfRun, emptyRun } of SEPARATORS) {
    for (let at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + 1)) {
      const last = at > 0 ? text.charCodeAt(at - 1) : 32;
      if (!emptyRun && !(last < 128 && lastOfRun[last] === 1)) continue;
      for (const rule of rules) {
        const start = runStart(text, at, rule);
        if (start < 0) continue;
        rule.after.lastIndex = at + separator.length;
        const m = rule.after.exec(text);
        if (!m) continue;
        const end = rule.after.lastIndex;
        if (rule.accept(text.slice(start, end)) && sink({ kind: rule.kind, start, end })) return true;
      }
    }
  }
  return false;
}

export const SEPARATED_KINDS: readonly string[] = [...new Set(SEPARATED_RULES.map((rule) => rule.kind))];
