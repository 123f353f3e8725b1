import { describe, expect, it } from "vitest";
import { eligibleOf, removedOf } from "../../../src/transcripts/retention/sweep-headline.js";

describe("a sweep's headline", () => {
  it("counts in the singular where a count is one", () => {
    expect(eligibleOf(1, 1)).toBe("1 of 1 transcript is eligible");
    expect(eligibleOf(0, 1, "of this project")).toBe("0 of 1 transcript of this project is eligible");
    expect(eligibleOf(3, 1_400)).toBe("3 of 1400 transcripts are eligible");
    expect(removedOf(1, 1)).toBe("Removed 1 of 1 eligible transcript");
    expect(removedOf(2, 3)).toBe("Removed 2 of 3 eligible transcripts");
  });
});
