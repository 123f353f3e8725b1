import { describe, expect, it } from "vitest";
import { cellWidth } from "../../src/cli/cell-width.js";

describe("cellWidth", () => {
  it("counts ASCII and accented Latin one column a character", () => {
    expect(cellWidth("")).toBe(0);
    expect(cellWidth("ledger")).toBe(6);
    expect(cellWidth("café")).toBe(4);
    // e + combining acute accent: one grapheme, one column.
    expect(cellWidth("cafe\u0301")).toBe(4);
  });

  it("counts CJK, kana, Hangul and fullwidth forms two columns each", () => {
    expect(cellWidth("日本語")).toBe(6);
    expect(cellWidth("かな")).toBe(4);
    expect(cellWidth("한국어")).toBe(6);
    expect(cellWidth("ＡＢ")).toBe(4);
    expect(cellWidth("a中b")).toBe(4);
  });

  it("counts an emoji two columns, a joined sequence or a flag once", () => {
    expect(cellWidth("🙂")).toBe(2);
    expect(cellWidth("👨‍👩‍👧")).toBe(2);
    expect(cellWidth("🇫🇷")).toBe(2);
    expect(cellWidth("❤️")).toBe(2);
    expect(cellWidth("ok ✅")).toBe(5);
  });

  it("counts zero-width characters as nothing", () => {
    expect(cellWidth("a\u200bb")).toBe(2);
    expect(cellWidth("\u200d")).toBe(0);
  });

  it("keeps a text-style symbol one column", () => {
    expect(cellWidth("→")).toBe(1);
    expect(cellWidth("…")).toBe(1);
    expect(cellWidth("©")).toBe(1);
  });
});
