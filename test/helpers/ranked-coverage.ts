/**
 * A ranked search's coverage (the facts its last line states) for tests that render or redact hits they build
 * themselves: one transcript of this project searched with the index, nothing left out; a test sets what it is about.
 */
import { TOOL_ARG_NAMES } from "../../src/search/limits.js";
import type { RankedCoverage } from "../../src/search/ranked/ranked-coverage.js";

export function rankedCoverage(set: Partial<RankedCoverage> = {}): RankedCoverage {
  return {
    query: "deploy",
    dropped: [],
    absent: [],
    where: "this project",
    inScope: 1,
    indexedNow: 0,
    leftOut: 0,
    leftOutBytes: 0,
    failed: 0,
    filters: [],
    dates: [],
    limit: 10,
    args: TOOL_ARG_NAMES,
    ...set,
  };
}
