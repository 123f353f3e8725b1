/**
 * Prepares a query where the search runs: a literal at once, a regular expression through `query.ts`, imported on the
 * first regex search, so that its parser (regexpp, bundled in a chunk of its own) never loads for literals.
 */
import type { CompiledQuery, QueryInput } from "./compiled-query.js";
import { compileLiteralQuery } from "./literal-query.js";

/** Checks and prepares a query; a bad one rejects with InvalidInputError naming `query` and what is wrong. */
export async function prepareQuery(input: QueryInput): Promise<CompiledQuery> {
  if (!input.regex) return compileLiteralQuery(input);
  const { compileQuery } = await import("./query.js");
  return compileQuery(input);
}
