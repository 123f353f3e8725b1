/**
 * Kept by hand: refa's exact Unicode sets are 1 MB of code for a question 128 bits and one flag answer well enough.
 *
 * Which characters a regex node can consume or start with, as a 128-bit ASCII set plus one flag for everything else:
 * enough to tell whether two parts of a pattern can match the same text.
 */
import { nullable, type RegexNode, type SetItem } from "./syntax.js";

/** Which characters a node can consume: ASCII as a 128-bit set, everything else as one flag. */
export interface CharSig {
  ascii: [number, number, number, number];
  other: boolean;
}

const none = (): CharSig => ({ ascii: [0, 0, 0, 0], other: false });
const all = (): CharSig => ({ ascii: [-1, -1, -1, -1], other: true });

function addRange(sig: CharSig, lo: number, hi: number): void {
  if (hi >= 128) sig.other = true;
  for (let c = lo; c <= Math.min(hi, 127); c++) sig.ascii[c >> 5] = (sig.ascii[c >> 5] as number) | (1 << (c & 31));
}

function union(a: CharSig, b: CharSig): CharSig {
  return { ascii: a.ascii.map((w, i) => w | (b.ascii[i] as number)) as CharSig["ascii"], other: a.other || b.other };
}

function complement(a: CharSig): CharSig {
  return { ascii: a.ascii.map((w) => ~w) as CharSig["ascii"], other: true };
}

export function overlaps(a: CharSig, b: CharSig): boolean {
  return a.ascii.some((w, i) => (w & (b.ascii[i] as number)) !== 0) || (a.other && b.other);
}

function foldCase(sig: CharSig): CharSig {
  const out: CharSig = { ascii: [...sig.ascii], other: sig.other };
  for (let c = 65; c <= 90; c++) {
    const upper = ((sig.ascii[c >> 5] as number) >>> (c & 31)) & 1;
    const lower = ((sig.ascii[(c + 32) >> 5] as number) >>> ((c + 32) & 31)) & 1;
    if (upper | lower) {
      addRange(out, c, c);
      addRange(out, c + 32, c + 32);
    }
  }
  return out;
}

function classSig(name: SetItem & { kind: "class" }): CharSig {
  const sig = none();
  const lower = name.name.toLowerCase();
  if (lower === "d") addRange(sig, 48, 57);
  if (lower === "w") {
    addRange(sig, 48, 57);
    addRange(sig, 65, 90);
    addRange(sig, 97, 122);
    addRange(sig, 95, 95);
  }
  if (lower === "s") {
    addRange(sig, 9, 13);
    addRange(sig, 32, 32);
    sig.other = true;
  }
  return name.name === lower ? sig : complement(sig);
}

/** Every character `node` can consume (approximate for lookarounds, which consume nothing). */
export function charsOf(node: RegexNode, ignoreCase: boolean): CharSig {
  switch (node.type) {
    case "char": {
      const sig = none();
      addRange(sig, node.cp, node.cp);
      return ignoreCase ? foldCase(sig) : sig;
    }
    case "any": {
      const sig = all();
      sig.ascii[0] &= ~((1 << 10) | (1 << 13));
      return sig;
    }
    case "set": {
      let sig = none();
      for (const item of node.items) {
        if (item.kind === "range") addRange(sig, item.lo, item.hi);
        else if (item.kind === "class") sig = union(sig, classSig(item));
        else sig = all();
      }
      if (ignoreCase) sig = foldCase(sig);
      return node.negated ? complement(sig) : sig;
    }
    case "group":
    case "repeat":
      return charsOf(node.body, ignoreCase);
    case "alt":
      return node.branches.flat().reduce((acc, n) => union(acc, charsOf(n, ignoreCase)), none());
    case "backref":
      return all();
    default:
      return none();
  }
}

/** Characters a match of `seq` can start with. */
export function firstOf(seq: readonly RegexNode[], ignoreCase: boolean): CharSig {
  let sig = none();
  for (const node of seq) {
    const first =
      node.type === "alt"
        ? node.branches.reduce((acc, b) => union(acc, firstOf(b, ignoreCase)), none())
        : node.type === "group"
          ? firstOf([node.body], ignoreCase)
          : node.type === "repeat"
            ? firstOf([node.body], ignoreCase)
            : charsOf(node, ignoreCase);
    sig = union(sig, first);
    if (!nullable(node)) break;
  }
  return sig;
}

/** A set of the given code points. */
export function sigOf(codePoints: readonly number[]): CharSig {
  const sig = none();
  for (const cp of codePoints) addRange(sig, cp, cp);
  return sig;
}
