import { describe, expect, it } from "vitest";
import { estimateTokens, mapLine } from "../../../src/compaction/session-map/map-text.js";

describe("map text", () => {
  it("puts any text on one line without control characters", () => {
    expect(mapLine("a\nb\r\nc\td\u0000e\u001b[31mf\u2028g\u0085h", 100)).toBe("a b c d e [31mf g h");
  });

  it("cuts to the length with an ellipsis, never inside a surrogate pair", () => {
    expect(mapLine("abcdefghij", 5)).toBe("abcd…");
    expect(mapLine("abc", 3)).toBe("abc");
    const cut = mapLine("a😀😀😀😀", 3);
    expect(cut).toBe("a…");
    expect(mapLine(`${"x".repeat(2_000_000)} tail`, 50)).toHaveLength(50);
  });

  it("estimates tokens from above: a quarter per ASCII character, one per other character", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("日本語")).toBe(3);
    expect(estimateTokens("😀")).toBe(1);
  });
});
