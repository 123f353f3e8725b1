import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asciiColumns,
  camelParts,
  compoundsOf,
  patternColumns,
  storedColumns,
  unitColumns,
  wordsOf,
} from "../../../src/transcripts/index/index-tokens.js";
import { SearchIndex } from "../../../src/transcripts/index/search-index.js";
import { columnsByLine } from "../../helpers/index-rows.js";
import { tempDir } from "../../helpers/temp-dir.js";

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
    expect(columnsByLine(lines)).toEqual({
      words: "failed err socket timeout in src net pool ts\ntool bash completed call 1\nstyle",
      whole: "err_socket_timeout src/net/pool.ts\ncall_1",
    });
    expect(columnsByLine(["", "   "])).toEqual({ words: "", whole: "" });
  });
});

describe("a unit's columns from its joined text", () => {
  const pieces = [
    ...["a", "Zeta", "07", "x9", "-", "_", ".", "/", ":", "@", "#", " ", "\t", "'", "(", "·", " · "],
    ...["é", "Menü", "ſtyle", "\u212a", "İ", "ΣΑΣ", "ß", "😀", "²", "\u00a0", "x".repeat(41), "ERR_SOCKET_TIMEOUT"],
    ...["src/net/pool.ts", "rate-limiter", "v1.18.33", "[tool bash · completed · call_1]", "seg/".repeat(40)],
    // Every other ASCII character that is no letter or digit, control characters included.
    ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).filter((c) => !/[\p{L}\p{N}\n]/u.test(c)),
  ];
  const line = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((p) => p.join(""));

  it("hold the tokens, in order, that FTS5 finds in the columns of its lines", async () => {
    const index = new SearchIndex(tempDir());
    const health = await index.forWriting();
    if (!health.usable) throw new Error(health.reason);
    const c = health.connection;
    c.exec("CREATE VIRTUAL TABLE temp.tokens USING fts5vocab(main, unit_text, instance)");
    const tokensOf = (id: number) =>
      c.all<{ term: string; col: string; offset: number }>(
        "SELECT term, col, offset FROM temp.tokens WHERE doc = ? ORDER BY col, offset",
        id,
      );
    let id = 0;
    try {
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
          const [before, after] = [columnsByLine(lines), unitColumns(lines.join("\n"))];
          c.run("INSERT INTO unit_text (rowid, words, whole) VALUES (?, ?, ?)", ++id, before.words, before.whole);
          c.run("INSERT INTO unit_text (rowid, words, whole) VALUES (?, ?, ?)", ++id, after.words, after.whole);
          expect(tokensOf(id)).toEqual(tokensOf(id - 1));
        }),
        { numRuns: 300 },
      );
    } finally {
      index.close();
    }
  });

  it("read in one pass are those of the regular expressions, for any text", () => {
    const text = fc.array(line, { maxLength: 6 }).map((lines) => lines.join("\n"));
    fc.assert(
      fc.property(text, (t) => {
        expect(unitColumns(t)).toEqual(patternColumns(t));
      }),
      { numRuns: 3_000 },
    );
    // The one pass takes ASCII with `·` only, and no word past 40 characters.
    expect(asciiColumns("a · b")).toEqual({ words: "a   b", whole: "" });
    expect(asciiColumns("Menü")).toBeUndefined();
    expect(asciiColumns("x".repeat(41))).toBeUndefined();
  });

  it("of ASCII text are its own characters, joiners made spaces, and its compounds", () => {
    expect(unitColumns("Failed: ERR_SOCKET_TIMEOUT\n[tool bash · completed · call_1]")).toEqual({
      words: "Failed  ERR SOCKET TIMEOUT\n[tool bash   completed   call 1]",
      whole: "ERR_SOCKET_TIMEOUT call_1",
    });
  });

  it("stored, add the parts of camelCase identifiers as words after the unit's own", () => {
    expect(
      camelParts("preserves `createLogysiaWriter()`, HTTPConfig, ResolveTargetError and getV2Token; plain words"),
    ).toEqual(["create", "logysia", "writer", "http", "config", "resolve", "target", "error", "get", "v2", "token"]);
    // Two words of four letters or more: an identifier of code (a class, a trait).
    expect(camelParts("impl ExecutionVenue for SignalScorer")).toEqual(["execution", "venue", "signal", "scorer"]);
    // Names written in camelCase are not split: only identifiers of code.
    expect(camelParts("my iPhone, YouTube and McDonald's, eBay")).toEqual([]);
    expect(storedColumns("uses createLogysiaWriter")).toEqual({
      words: "uses createLogysiaWriter create logysia writer",
      whole: "",
    });
    expect(storedColumns("no identifiers here")).toEqual(unitColumns("no identifiers here"));
  });
});
