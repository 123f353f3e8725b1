import { describe, expect, it } from "vitest";
import { grouped, partOf, plural } from "../src/human-units.js";

describe("counts as a person reads them", () => {
  it("groups a count's thousands as toLocaleString('en-US') does", () => {
    for (const n of [0, 1, 999, 1_000, 12_345, 1_234_567, 5_882_000_001, -4_200, 2.5, 1_234.5678]) {
      expect(grouped(n)).toBe(n.toLocaleString("en-US"));
    }
    expect(plural(1, "hit")).toBe("1 hit");
    expect(plural(1_200, "transcript")).toBe("1,200 transcripts");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });

  it("says a part of a whole as its count, and the whole as all of it", () => {
    expect(partOf(28, 30, "transcript")).toBe("28 of 30 transcripts");
    expect(partOf(1_200, 1_200, "transcript")).toBe("all 1,200 transcripts");
    expect(partOf(0, 1, "transcript")).toBe("0 of 1 transcript");
    expect(partOf(1, 1, "transcript")).toBe("1 transcript");
    expect(partOf(0, 0, "transcript")).toBe("0 transcripts");
    expect(partOf(2, 3, "entry", "entries")).toBe("2 of 3 entries");
  });
});
