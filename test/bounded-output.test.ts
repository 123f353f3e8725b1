import { describe, expect, it } from "vitest";
import { blocksWithin, joinWithinBudget } from "../src/bounded-output.js";

describe("blocksWithin", () => {
  it("keeps the leading blocks that fit, each counted with its newline", () => {
    // "ab\n" and "cd\n" are 6 bytes: a budget of 6 keeps both, 5 only the first.
    expect(blocksWithin(["ab", "cd", "ef"], 6)).toEqual(["ab", "cd"]);
    expect(blocksWithin(["ab", "cd", "ef"], 5)).toEqual(["ab"]);
  });

  it("stops at the first block that does not fit, even when a later one would", () => {
    expect(blocksWithin(["a", "a long block", "b"], 6)).toEqual(["a"]);
  });

  it("counts bytes, not characters", () => {
    // "é" is two bytes in UTF-8.
    expect(blocksWithin(["éé", "x"], 4)).toEqual([]);
    expect(blocksWithin(["éé", "x"], 5)).toEqual(["éé"]);
  });

  it("keeps nothing under a budget too small for the first block, or of nothing", () => {
    expect(blocksWithin(["abc"], 3)).toEqual([]);
    expect(blocksWithin([], 100)).toEqual([]);
  });
});

describe("joinWithinBudget", () => {
  it("says how many blocks it left out and how to get them", () => {
    expect(joinWithinBudget(["ab", "cd", "ef"], 6, "Ask again.")).toBe(
      "ab\ncd\n… 1 more not shown (output limit 6 bytes). Ask again.",
    );
    expect(joinWithinBudget(["ab"], 6, "Ask again.")).toBe("ab");
  });
});
