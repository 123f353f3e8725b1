/**
 * The last line of a ranked search: what was searched, what the index left out, and how to get it.
 */
import { formatBytes, grouped, partOf, plural } from "../../human-units.js";
import { wordsOf } from "../../transcripts/index/index-tokens.js";
import { type ArgNames, smallerOutput } from "../limits.js";
import { isFunctionWord } from "./ranked-query.js";
import type { RankedResult } from "./ranked-search.js";

export interface RankedCoverage {
  query: string;
  dropped: readonly string[];
  /** The query's words no indexed transcript holds (a misspelling, another word for it): they found nothing. */
  absent: readonly string[];
  where: string;
  inScope: number;
  indexedNow: number;
  leftOut: number;
  leftOutBytes: number;
  failed: number;
  filters: string[];
  /** The dates the query names, as it wrote them (named-dates.ts). */
  dates: string[];
  /** With `explain`: the question's setting clause as written (ranked-query.ts), and what its words weighed. */
  setting?: { clause: string; weight: number };
  limit: number;
  perSession?: number;
  /** What the last line calls the request's arguments. */
  args: ArgNames;
}

export function rankedCoverageLine(
  c: RankedCoverage,
  result: RankedResult,
  shown: number,
  hidden: number,
  maxBytes: number,
) {
  // The hits shown, not a count of the units that match: the index hands over at most a few hundred of its best
  // (ranked-candidates.ts), and a count of those read as the matches a common word has in millions of units.
  // At the limit, its note says how many (`limit 5 reached`): the count is not said twice.
  const parts = [
    `ranked: searched ${partOf(c.inScope - c.leftOut, c.inScope, "transcript")} in ${c.where}`,
    ...(shown >= c.limit ? [] : [plural(shown, "hit")]),
  ];
  if (result.window) {
    parts.push(
      `common words only: looked for among the newest ${plural(result.window.units, "indexed unit")} of ${grouped(result.window.of)}; add a rarer word, or pass ${c.args.session}, ${c.args.filters}, to reach older ones`,
    );
  }
  // Each word once, as the query first wrote it ("say" and "say?" are named once); the language's own words
  // ("what", "the") unnamed: every question has them, and naming them cost about 45 bytes a question.
  const keys = c.dropped.map((w) => wordsOf(w).join(" "));
  const dropped = c.dropped.filter((w, i) => keys.indexOf(keys[i] as string) === i && !isFunctionWord(w));
  if (dropped.length > 0) parts.push(`common words left out: ${dropped.slice(0, 10).join(", ")}`);
  if (c.absent.length > 0) parts.push(`in no indexed transcript: ${c.absent.slice(0, 10).join(", ")}`);
  if (c.filters.length > 0) parts.push(`filtered by ${c.filters.join(", ")}`);
  if (c.dates.length > 0) {
    parts.push(`weighed toward what was written on ${c.dates.join(", ")} (the dates named, a day either side)`);
  }
  if (c.setting) parts.push(`the question's setting weighed × ${c.setting.weight}: "${c.setting.clause}"`);
  if (c.indexedNow > 0) parts.push(`${plural(c.indexedNow, "transcript")} indexed by this search`);
  if (c.leftOut > 0) {
    parts.push(
      `${plural(c.leftOut, "transcript")} (${formatBytes(c.leftOutBytes)}) not in the index yet and not searched: run "opencode-ledger doctor --fix" to index them, or search with mode "literal"`,
    );
  }
  if (c.failed > 0) parts.push(`${plural(c.failed, "transcript")} could not be indexed and were not searched`);
  if (result.cappedBySession > 0 && c.perSession !== undefined) {
    parts.push(
      `${plural(result.cappedBySession, "more hit")} in sessions shown: pass ${c.args.session} for one session's`,
    );
  }
  if (result.stale > 0)
    parts.push(`${plural(result.stale, "hit")} skipped: the transcript changed since it was indexed`);
  if (result.repeated > 0) parts.push(`${plural(result.repeated, "repeated hit")} left out`);
  if (shown >= c.limit) parts.push(`limit ${c.limit} reached: raise ${c.args.limit} for more`);
  if (hidden > 0) {
    parts.push(
      `output cut at ${grouped(maxBytes)} bytes: ${plural(hidden, "more hit")} not shown; ${smallerOutput(c.args)}`,
    );
  }
  return `[search] ${parts.join(" · ")}`;
}
