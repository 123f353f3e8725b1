/**
 * Kept by hand: scslre, the maintained checker, passes bounded nested repetition (`(.*a){12}`) and brings refa (1 MB).
 *
 * Refuses the patterns a backtracking engine (V8's, JavaScriptCore's) can spend minutes on with one line: nested
 * repetition (`(a+)+`), a repeated alternation whose branches overlap (`(a|ab)*`) and adjacent repetitions over the
 * same characters (`\w+\s*\w+`). Conservative by design: a refused pattern gets a message that names the construct
 * and how to say it another way. The line length cap and the scan's time budget bound whatever gets through.
 */
import { type CharSig, charsOf, firstOf, overlaps } from "./chars.js";
import { nullable, type RegexNode } from "./syntax.js";

const unwrap = (node: RegexNode): RegexNode => (node.type === "group" ? unwrap(node.body) : node);
type Repeat = RegexNode & { type: "repeat" };
const variable = (node: Repeat) => node.max === Infinity || node.max !== node.min;
const unboundedRepeat = (node: Repeat) => node.max === Infinity;

/** True when `node` holds a repetition that `counts` (a lookaround's too; what it consumes counts for nothing). */
function containsRepeat(node: RegexNode, counts: (repeat: Repeat) => boolean): boolean {
  switch (node.type) {
    case "repeat":
      return counts(node) || containsRepeat(node.body, counts);
    case "group":
    case "look":
      return containsRepeat(node.body, counts);
    case "alt":
      return node.branches.some((b) => b.some((n) => containsRepeat(n, counts)));
    default:
      return false;
  }
}

function checkRepeat(node: Repeat, ignoreCase: boolean): string | undefined {
  if (node.max <= 1) return undefined;
  if (containsRepeat(node.body, variable)) {
    return "nested repetition (a repeated group that contains another repetition, like (a+)+ or (\\w+\\s?)*) can take exponential time; repeat one level only";
  }
  const body = unwrap(node.body);
  if (body.type === "alt" && body.branches.length > 1) {
    const firsts = body.branches.map((b) => firstOf(b, ignoreCase));
    const overlap = firsts.some((a, i) => firsts.some((b, j) => j > i && overlaps(a, b)));
    if (overlap || body.branches.some((b) => b.every(nullable))) {
      return "a repeated alternation whose branches can start with the same text (like (a|ab)+) can take exponential time; make the branches start differently";
    }
  }
  return undefined;
}

/** A sequence with its single-branch groups opened: `(.*)(a+)` is `.*` then `a+`. */
function flatten(seq: readonly RegexNode[]): RegexNode[] {
  return seq.flatMap((n) =>
    n.type === "group" && n.body.branches.length === 1 ? flatten(n.body.branches[0] ?? []) : [n],
  );
}

/** The characters `node` can consume without bound (`a+`, `(.*)?`, `(a*|b)`), or undefined. */
function unbounded(node: RegexNode, ignoreCase: boolean): CharSig | undefined {
  if (node.type === "repeat" && node.max === Infinity) return charsOf(node.body, ignoreCase);
  return containsRepeat(node, unboundedRepeat) ? charsOf(node, ignoreCase) : undefined;
}

function checkSequence(branch: readonly RegexNode[], ignoreCase: boolean): string | undefined {
  const seq = flatten(branch);
  for (let i = 0; i < seq.length; i++) {
    const chars = unbounded(seq[i] as RegexNode, ignoreCase);
    if (!chars) continue;
    for (let j = i + 1; j < seq.length; j++) {
      const b = seq[j] as RegexNode;
      const other = unbounded(b, ignoreCase);
      if (other && overlaps(chars, other)) {
        return "two repetitions in a row that can match the same characters (like \\w+\\s*\\w+ or .*.*) take polynomial time on long lines; merge them into one";
      }
      if (!nullable(b)) break;
    }
  }
  return undefined;
}

/** Why `root` is refused, or undefined when it may run. */
export function findCatastrophe(root: RegexNode, ignoreCase: boolean): string | undefined {
  switch (root.type) {
    case "repeat":
      return checkRepeat(root, ignoreCase) ?? findCatastrophe(root.body, ignoreCase);
    case "group":
    case "look":
      return findCatastrophe(root.body, ignoreCase);
    case "alt":
      for (const branch of root.branches) {
        const problem =
          checkSequence(branch, ignoreCase) ??
          branch.reduce<string | undefined>((found, node) => found ?? findCatastrophe(node, ignoreCase), undefined);
        if (problem) return problem;
      }
      return undefined;
    default:
      return undefined;
  }
}
