import { describe, expect, it } from "vitest";
import { cellWidth } from "../../src/cli/cell-width.js";
import { renderTable, truncate } from "../../src/cli/table.js";

const columns = [
  { header: "ID" },
  { header: "TITLE", flex: true, min: 4 },
  { header: "SIZE", align: "right" as const },
];

describe("renderTable", () => {
  it("never sends a cell's control characters to the terminal: an escape sequence in a title is shown inert", () => {
    const title = "Deploy \u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b1m";
    const out = renderTable([{ header: "id" }, { header: "title" }], [["ses_1", title]]);
    for (const line of out.split("\n")) expect(line).not.toMatch(/\p{Cc}/u);
    expect(out).toContain("Deploy \uFFFD]0;pwned\uFFFD\uFFFD[2J\uFFFD[31mred\uFFFD1m");
  });

  it("aligns columns by terminal width when cells hold CJK and emoji", () => {
    const out = renderTable(columns, [
      ["a1", "日本語のメモ", "1 kB"],
      ["b2", "plain title", "20 kB"],
      ["c3", "🙂 done", "3 B"],
    ]);
    const lines = out.split("\n");
    // Every SIZE cell ends in the same terminal column.
    const ends = lines.map((line) => cellWidth(line));
    expect(new Set(ends).size).toBe(1);
    expect(lines[1]).toBe("a1  日本語のメモ   1 kB");
    expect(lines[3]).toBe("c3  🙂 done         3 B");
  });

  it("cuts wide cells to fit the width without splitting a character, and never exceeds it", () => {
    const out = renderTable(columns, [["a1", "日本語のメモを書いた", "1 kB"]], { width: 16 });
    for (const line of out.split("\n")) expect(cellWidth(line)).toBeLessThanOrEqual(16);
    expect(out.split("\n")[1]).toContain("…");
    expect(out.split("\n")[1]).not.toContain("\ufffd");
  });
});

describe("truncate", () => {
  it("keeps text that fits and cuts by columns with an ellipsis", () => {
    expect(truncate("abc", 3)).toBe("abc");
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("日本語", 6)).toBe("日本語");
    expect(truncate("日本語", 5)).toBe("日本…");
    // A wide character that would straddle the edge is left out whole.
    expect(truncate("日本語", 4)).toBe("日…");
    expect(truncate("🙂🙂🙂", 5)).toBe("🙂🙂…");
  });

  it("gives an empty cell for no room and an ellipsis alone for one column", () => {
    expect(truncate("日本語", 0)).toBe("");
    expect(truncate("日本語", -1)).toBe("");
    expect(truncate("日本語", 1)).toBe("…");
    expect(truncate("日本語", 2)).toBe("…");
  });
});
