import { describe, expect, it } from "vitest";
import { compoundsOf, indexedText, wordsOf } from "../../../src/search/index/index-tokens.js";

describe("compound tokens", () => {
  it("are the chains of words with a joiner in them, each from where a word starts", () => {
    const line = "x.y. a-b-c foo_bar/ baz::qux -lead src/a.ts: tail_";
    // "a-b-c" is hyphens only (found as words in a row); trailing and leading joiners belong to no chain.
    expect(compoundsOf(line)).toEqual(["x.y", "foo_bar", "baz::qux", "src/a.ts"]);
    expect(compoundsOf("plain words only")).toEqual([]);
  });

  it("read letters beyond ASCII the same way, folded", () => {
    expect(compoundsOf("Café/Menü and É.B")).toEqual(["café/menü", "é.b"]);
    expect(wordsOf("Café/Menü")).toEqual(["café", "menü"]);
  });

  it("leave out a chain longer than 120 characters, in one pass over a 1 MB run", () => {
    const long = `${"seg/".repeat(40)}end`;
    expect(compoundsOf(`${long} ok/fine`)).toEqual(["ok/fine"]);
    expect(compoundsOf(`${"x".repeat(1_000_000)}.y z_w`)).toEqual(["z_w"]);
  }, 5_000);
});

describe("a unit's two columns", () => {
  it("hold each line's words and compounds as the query side reads them, line by line", () => {
    const lines = ["Failed: ERR_SOCKET_TIMEOUT in src/net/pool.ts", "", "[tool bash · completed · call_1]", "ſtyle"];
    expect(indexedText(lines)).toEqual({
      words: lines
        .map((l) => wordsOf(l).join(" "))
        .filter(Boolean)
        .join("\n"),
      whole: lines
        .map((l) => compoundsOf(l).join(" "))
        .filter(Boolean)
        .join("\n"),
    });
    expect(indexedText(lines).whole).toBe("err_socket_timeout src/net/pool.ts\ncall_1");
    expect(indexedText(["", "   "])).toEqual({ words: "", whole: "" });
  });
});
