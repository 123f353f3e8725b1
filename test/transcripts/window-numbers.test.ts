import { describe, expect, it } from "vitest";
import { describeWindow, windowNumbers } from "../../src/transcripts/window-numbers.js";

const line = (n: number, text = "x") => `${String(n).padStart(6)}\t${text}`;

describe("windowNumbers / describeWindow", () => {
  it("a window whose lines carry the numbers of their places is named by its places", () => {
    const numbers = windowNumbers([line(5), line(6), line(7)], 5);
    expect(numbers).toEqual({ asPlaced: true, first: 5, last: 7, unnumbered: 0, gaps: 0 });
    expect(describeWindow(numbers, 5, 7)).toBe("lines 5-7");
  });

  it("gaps, lines without a number and repeats are counted, and the places are given beside", () => {
    const numbers = windowNumbers([line(5), line(8), "typed by hand", line(8), line(9)], 5);
    expect(numbers).toEqual({ asPlaced: false, first: 5, last: 9, unnumbered: 2, gaps: 2 });
    expect(describeWindow(numbers, 5, 9)).toBe(
      "lines numbered 5-9, 2 numbers missing, 2 lines without a number of their own (the file's lines 5-9: it was changed outside opencode-ledger, and offsets count the file's lines)",
    );
  });

  it("numbers shifted by lines removed before the window: same count, other numbers", () => {
    const numbers = windowNumbers([line(12), line(13)], 10);
    expect(describeWindow(numbers, 10, 11)).toBe(
      "lines numbered 12-13 (the file's lines 10-11: it was changed outside opencode-ledger, and offsets count the file's lines)",
    );
  });

  it("a window of lines without any number says so", () => {
    const numbers = windowNumbers(["one", "two"], 3);
    expect(describeWindow(numbers, 3, 4)).toBe(
      "no line numbered, 2 lines without a number of their own (the file's lines 3-4: it was changed outside opencode-ledger, and offsets count the file's lines)",
    );
  });
});
