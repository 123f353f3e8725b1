/**
 * The session map: what a compaction leaves the agent instead of a model-written summary, and what /memory-continue
 * brings into another session. Built from the whole session's messages every time (a second compaction maps the
 * session again, never the map before it), no model involved, every item with its transcript line.
 */
import { collectFacts } from "./map-facts.js";
import type { FactsInput } from "./map-types.js";
import { type MapHeader, renderSessionMap } from "./render-map.js";

/** Default bound of a map, in estimated tokens (option `compaction.mapMaxTokens`). */
export const MAP_DEFAULT_TOKENS = 1_000;
/** No option can raise a map above this. */
export const MAP_HARD_CAP_TOKENS = 4_000;
export const MAP_MIN_TOKENS = 200;

export interface SessionMapInput extends FactsInput, MapHeader {
  maxTokens?: number;
}

export function buildSessionMap(input: SessionMapInput): string {
  const bound = Math.min(MAP_HARD_CAP_TOKENS, Math.max(MAP_MIN_TOKENS, input.maxTokens ?? MAP_DEFAULT_TOKENS));
  return renderSessionMap(input, collectFacts(input), bound);
}
