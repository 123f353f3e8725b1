/**
 * Text width in terminal columns: a character of the East Asian wide or fullwidth ranges (CJK, Hangul, kana,
 * fullwidth forms) and an emoji shown as a picture take two columns; combining marks, joiners and variation selectors
 * take none; everything else one. Counted per grapheme, so a family emoji joined with ZWJ or a flag counts once.
 */

// East Asian Width W and F ranges of Unicode 15, merged where adjacent (as wcwidth implementations carry them).
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]+$/u;
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\ufe0f|\p{Regional_Indicator}/u;

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

function isWide(codePoint: number): boolean {
  for (const [from, to] of WIDE) {
    if (codePoint < from) return false;
    if (codePoint <= to) return true;
  }
  return false;
}

/** Columns of one grapheme. */
function graphemeWidth(grapheme: string): number {
  if (ZERO_WIDTH.test(grapheme)) return 0;
  if (EMOJI.test(grapheme)) return 2;
  return isWide(grapheme.codePointAt(0) ?? 0) ? 2 : 1;
}

/** The graphemes of `text` with their widths. */
export function graphemes(text: string): { text: string; width: number }[] {
  return [...segmenter.segment(text)].map(({ segment }) => ({ text: segment, width: graphemeWidth(segment) }));
}

export function cellWidth(text: string): number {
  let width = 0;
  for (const { segment } of segmenter.segment(text)) width += graphemeWidth(segment);
  return width;
}
