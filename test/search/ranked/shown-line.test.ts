/**
 * A shown line's measure: the bytes a ranked hit's line takes as rendered (`12: text` or `12- text` and a newline),
 * the one measure the line choice, the lines a same-message unit adds and the tests' budgets count with.
 */
import { describe, expect, it } from "vitest";
import { byteLength } from "../../../src/bounded-output.js";
import { lineBytes, numbered } from "../../../src/search/ranked/shown-line.js";

describe("a shown line's bytes", () => {
  it("are the bytes of the line as rendered, answer or context, with its newline", () => {
    const texts = ["", "plain ascii", "café au lait ✓", "emoji 🚀 and tab\there", "x".repeat(600)];
    for (const line of [1, 9, 10, 99, 100, 12345, 1_000_000]) {
      for (const text of texts) {
        for (const match of [true, false]) {
          expect(lineBytes(line, text)).toBe(byteLength(`${numbered(line, text, match)}\n`));
        }
      }
    }
  });

  it("count a prefix it is given instead of the line's number", () => {
    expect(lineBytes(12, "é", () => 10)).toBe(10 + 2 + 1);
  });
});
