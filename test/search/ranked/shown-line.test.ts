/**
 * A shown line's measure: the bytes a ranked hit's line takes as rendered (`12: text` or `12- text` and a newline),
 * the one measure the line choice, the lines a same-message unit adds and the tests' budgets count with.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength } from "../../../src/bounded-output.js";
import { SHOWN_LINE_BYTES } from "../../../src/search/limits.js";
import { kindAt } from "../../../src/search/ranked/answer-kind.js";
import { answerWindow, clip, lineBytes, numbered, shownWindow } from "../../../src/search/ranked/shown-line.js";

/** A line of opencode-lore's nightly session (shared/recall-eval/lore): a reason, then 330 bytes on, "extra". */
const LORE_CHANNEL_LINE =
  "Correct — `--channel` on `upgrade` is redundant because `nightly`/`stable` as positional args already cover the channel-switching case, and bare `upgrade` reads the persisted channel. The only thing `--channel` adds over positionals is the ability to combine with `--check` (`upgrade --check --channel nightly`), but that's a pretty obscure use case that doesn't justify the extra surface area.";

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

describe("a hit's line as shown", () => {
  it("is cut to the size a shown line may take, and never grows by the count of what was cut", () => {
    const long = "word ".repeat(100);
    const cut = shownWindow({ text: long, match: false }, []);
    expect(byteLength(cut)).toBeLessThan(byteLength(long));
    expect(cut).toMatch(/ \[…\d+ bytes\]$/);
    // A few bytes past the size: cut, it would be longer than it is.
    for (const extra of [1, 5, 10]) {
      const near = "x".repeat(SHOWN_LINE_BYTES.context + extra);
      expect(shownWindow({ text: near, match: false }, [])).toBe(near);
    }
    // Cut already by the line choice: cut again, it would count the first cut's mark as text.
    const chosen = `${"y".repeat(SHOWN_LINE_BYTES.context)} […36 bytes]`;
    expect(shownWindow({ text: chosen, match: false }, [])).toBe(chosen);
  });
});

describe("a long answering line's window", () => {
  const line =
    "Yes — drop it. The convention is clearly **no module-name prefix on functions**: " +
    "`geometry.reconcile`, `focus.reconcile`, `layout.move`. ".repeat(4) +
    "`reflow.reflow_window` would be the lone exception.";

  it("starts at the first of the query's words, one written with another ending too", () => {
    // "names" stands in the line as `module-name`: the window starts there, at the line's start, not at the end.
    const shown = answerWindow(line, ["names", "reflow_window"], 160);
    expect(shown.startsWith("Yes — drop it.")).toBe(true);
    expect(shown).toContain("no module-name prefix");
    // A word written as asked, further on, is what the window starts a little before.
    const late = answerWindow(line, ["reflow_window"], 160);
    expect(late).toMatch(/^\[…\d+ bytes\] /);
    expect(late).toContain("reflow.reflow_window");
  });

  it("near the line's end, opens earlier so that the window takes its whole budget", () => {
    // opencode-lore's nightly session: the only word of the question the line holds ("extra") is near its end, and
    // the window showed its last 51 bytes of a budget of 164.
    const line = LORE_CHANNEL_LINE;
    const shown = answerWindow(line, ["extra"], 164);
    expect(shown).toMatch(/^\[…\d+ bytes\] .*doesn't justify the extra surface area\.$/);
    expect(byteLength(shown.replace(/^\[…\d+ bytes\] /, ""))).toBeGreaterThanOrEqual(160);
  });

  it("opens at what the question asks for when it stands before the question's words", () => {
    // "Why was that extra flag removed?": the reason (`because …`) stands 330 bytes before "extra".
    const line = LORE_CHANNEL_LINE;
    const reason = kindAt(line, ["reason"]);
    expect(reason).toBe(line.indexOf("because"));
    expect(answerWindow(line, ["extra"], 164, reason)).toContain("as positional args already cover");
    expect(answerWindow(line, ["extra"], 164)).not.toContain("as positional args already cover");
    // A read's numbering is no number asked for: the window still opens at the question's word.
    const read = `12: ${"x".repeat(200)} the pages took 34 s`;
    expect(kindAt(read, ["number"])).toBe(read.indexOf(" 34"));
    // An error as a runtime names it (no word boundary before its "Error") is where an error asked for stands.
    const thrown = `${"x".repeat(200)} then TypeError: r is not iterable`;
    expect(kindAt(thrown, ["error"])).toBe(thrown.indexOf("TypeError"));
    expect(kindAt(thrown, ["number"])).toBe(Number.POSITIVE_INFINITY);
  });

  it("starts at a word written inside another as before (a path's part, a compound)", () => {
    const path = `${"x".repeat(300)} see src/search/ranked/shown-line.ts for it`;
    expect(answerWindow(path, ["shown-line.ts"], 120)).toContain("shown-line.ts");
  });
});

describe("a line cut to a byte budget", () => {
  it("keeps the most whole characters that fit, and counts the bytes of the rest", () => {
    const char = fc.constantFrom(..."ab é€\u{1F600}".split(/(?:)/u), "\ud800", "\udc00");
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), fc.integer({ min: 0, max: 60 }), (chars, max) => {
        const text = chars.join("");
        const cut = clip(text, max);
        if (byteLength(text) <= max) {
          expect(cut).toBe(text);
          return;
        }
        const kept = [...text];
        let n = 0;
        while (n < kept.length && byteLength(kept.slice(0, n + 1).join("")) <= max) n++;
        const head = kept.slice(0, n).join("");
        expect(cut).toBe(`${head} […${byteLength(text) - byteLength(head)} bytes]`);
      }),
      { numRuns: 2000 },
    );
    expect(clip("héllo wörld", 6)).toBe("héllo […7 bytes]");
  });
});
