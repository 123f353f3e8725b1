/**
 * The numbers written on the lines of a window, next to their places in the file. They are the same in a transcript
 * only the exporter wrote; in one changed by hand they differ after the change (lines removed leave gaps, lines added
 * carry no number), and a header that named places alone would name other lines than the ones it shows.
 */
import { writtenNumber } from "./numbered-line.js";

export interface WindowNumbers {
  /** Every line carries the number of its place in the file. */
  asPlaced: boolean;
  /** Numbers written on the first and the last line that carry one (undefined when none does). */
  first: number | undefined;
  last: number | undefined;
  /** Lines of the window with no number, or with one not above the line before it. */
  unnumbered: number;
  /** Numbers skipped between lines of the window. */
  gaps: number;
}

/** `lines` as read from the file, the first of them at place `firstPlace`. */
export function windowNumbers(lines: readonly string[], firstPlace: number): WindowNumbers {
  const out: WindowNumbers = { asPlaced: true, first: undefined, last: undefined, unnumbered: 0, gaps: 0 };
  const encoder = new TextEncoder();
  for (const [i, line] of lines.entries()) {
    const n = writtenNumber(encoder.encode(line.slice(0, 64)));
    if (n !== firstPlace + i) out.asPlaced = false;
    if (n === undefined || (out.last !== undefined && n <= out.last)) {
      out.unnumbered++;
      continue;
    }
    if (out.last !== undefined) out.gaps += n - out.last - 1;
    out.first ??= n;
    out.last = n;
  }
  return out;
}

/** How a header names the lines of a window: by their numbers, with their places when those differ. */
export function describeWindow(numbers: WindowNumbers, firstPlace: number, lastPlace: number): string {
  const places = `lines ${firstPlace}-${lastPlace}`;
  if (numbers.asPlaced) return places;
  const odd: string[] = [];
  if (numbers.gaps > 0) odd.push(`${numbers.gaps} ${numbers.gaps === 1 ? "number" : "numbers"} missing`);
  if (numbers.unnumbered > 0) {
    const one = numbers.unnumbered === 1;
    odd.push(`${numbers.unnumbered} ${one ? "line" : "lines"} without a number of ${one ? "its" : "their"} own`);
  }
  const range = numbers.first === undefined ? "no line numbered" : `lines numbered ${numbers.first}-${numbers.last}`;
  const extra = odd.length > 0 ? `, ${odd.join(", ")}` : "";
  return `${range}${extra} (the file's ${places}: it was changed outside opencode-ledger, and offsets count the file's lines)`;
}
