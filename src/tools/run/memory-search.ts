/**
 * A memory_search call (../memory-search.ts): the page of matches, best first, each marked with how it matched.
 */

import type { MatchTier } from "../../store/memory-types.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryDeps } from "../memory-deps.js";
import type { memorySearchTool } from "../memory-search.js";
import { SEARCH_DEFAULT_LIMIT } from "../tool-defaults.js";
import { filterLabel, listQuery } from "./list-query.js";
import { boundedList, entryBlock } from "./render-entry.js";
import { scopesLabel, sessionProject } from "./tool-scope.js";

const TIER_LABEL: Record<MatchTier, string> = {
  1: "all words",
  2: "word starts",
  3: "some words",
};

export function memorySearch({ memory }: MemoryDeps): CallOf<typeof memorySearchTool> {
  return async (args, ctx) => {
    const project = sessionProject(ctx);
    const query = listQuery(args, project, SEARCH_DEFAULT_LIMIT);
    const page = await memory.search({ ...query, query: args.query, preferScope: project });
    const where = scopesLabel(query.scopes, project);
    const words = page.words.join(" ");
    const notes =
      page.ignoredWords > 0
        ? [`(the query had ${page.ignoredWords} more words than the ${page.words.length} searched for)`]
        : [];
    if (page.total === 0) {
      return [
        `No ${filterLabel(args, 0)} in ${where} match "${words}". Try other or fewer words, scope "all" or status "all".`,
        ...notes,
      ].join("\n");
    }
    // The count stops at a cap; past it the answer says "at least".
    const matched = `${page.totalAtLeast ? "at least " : ""}${page.total} ${filterLabel(args, page.total)} in ${where} ${page.total === 1 ? "matches" : "match"} "${words}"`;
    if (page.items.length === 0) {
      return `${matched}, but offset ${page.offset} is past the last of them.`;
    }
    const first = page.offset + 1;
    const header = [`${matched}; showing ${first}-${page.offset + page.items.length}, best first:`, ...notes].join(
      "\n",
    );
    const blocks = page.items.map((hit) => `${entryBlock(hit.entry, project)}\n  match: ${TIER_LABEL[hit.tier]}`);
    return boundedList(header, blocks, {
      total: page.total,
      totalAtLeast: page.totalAtLeast,
      offset: page.offset,
      next: (offset) => `call memory_search again with offset ${offset} for the next ones, or use more precise words.`,
    });
  };
}
