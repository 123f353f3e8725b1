import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { compileLiteralQuery } from "../../src/search/literal-query.js";
import { prepareQuery } from "../../src/search/prepare-query.js";
import { compileQuery } from "../../src/search/query.js";

const shape = (q: Awaited<ReturnType<typeof prepareQuery>>) => ({
  source: q.source,
  regex: q.regex,
  exact: q.exact,
  finder: q.finder?.length,
  test: q.test.source,
  lineBytes: q.lineBytes,
  required: q.required.map((r) => Buffer.from(r).toString()),
  ripgrep: q.ripgrep,
});

describe("prepareQuery", () => {
  it("prepares literals and regexes as compileQuery does", async () => {
    for (const input of [
      { query: "OpenCode" },
      { query: "(unclosed" },
      { query: "42 naïve", caseSensitive: true },
      { query: "timeout after \\d+ ms", regex: true },
      { query: ".*foo(?=bar)", regex: true, caseSensitive: true },
    ]) {
      expect(shape(await prepareQuery(input))).toEqual(shape(compileQuery(input)));
    }
    expect(shape(compileLiteralQuery({ query: "(unclosed" }))).toMatchObject({ regex: false, exact: true });
  });

  it("rejects what compileQuery refuses, with the same error", async () => {
    for (const input of [{ query: "" }, { query: "(unclosed", regex: true }, { query: "(a+)+$", regex: true }]) {
      const error = await prepareQuery(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(() => compileQuery(input)).toThrow((error as Error).message);
    }
  });
});
