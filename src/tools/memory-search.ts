/**
 * memory_search: full-text search over the memory, best first. Entries matching every word come first, then those
 * whose words start with the query words, then those matching some of them; this project above global at equal rank.
 */

import type { MatchTier } from "../store/memory-types.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { filterLabel, listQuery, readArgs } from "./read-args.js";
import { boundedList, entryBlock } from "./render-entry.js";
import { scopesLabel, sessionProject } from "./tool-scope.js";

const DEFAULT_LIMIT = 10;

const TIER_LABEL: Record<MatchTier, string> = {
  1: "all words",
  2: "word starts",
  3: "some words",
};

/** The `memory_search` tool over a memory store. */
export function createMemorySearchTool({ memory }: MemoryDeps) {
  return lazyTool({
    description:
      "Search the saved memory (decisions, facts, preferences, gotchas, lessons) by keywords, best match first. Looks in this project and global unless a scope is given. Superseded, rejected and trashed entries only when asked for.",
    args: () => ({
      query: z.string().describe("Keywords to look for; any text is fine (punctuation and operators are ignored)."),
      ...readArgs(DEFAULT_LIMIT),
    }),
    async execute(args, ctx) {
      const project = sessionProject(ctx);
      const query = listQuery(args, project, DEFAULT_LIMIT);
      const page = await memory.search({ ...query, query: args.query, preferScope: project });
      const where = scopesLabel(query.scopes, project);
      const words = page.words.join(" ");
      const notes =
        page.ignoredWords > 0
          ? [`(the query had ${page.ignoredWords} more words than the ${page.words.length} searched for)`]
          : [];
      if (page.total === 0) {
        return [
          `No ${filterLabel(args, 0)} in ${where} match "${words}". Try other or fewer words, scope "all", status "all", or memory_list.`,
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
        next: (offset) =>
          `call memory_search again with offset ${offset} for the next ones, or use more precise words.`,
      });
    },
  });
}
