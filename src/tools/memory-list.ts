/**
 * memory_list: the saved memory, newest first, filtered by scope, status and kind.
 */

import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { filterLabel, listQuery, readArgs } from "./read-args.js";
import { boundedList, entryBlock } from "./render-entry.js";
import { scopesLabel, sessionProject } from "./tool-scope.js";

const DEFAULT_LIMIT = 20;

/** The `memory_list` tool over a memory store. */
export function createMemoryListTool({ memory }: MemoryDeps) {
  return lazyTool({
    description:
      "List the saved memory entries, newest first: this project and global unless a scope is given. Filter by status, kind, or look in the trash.",
    args: () => readArgs(DEFAULT_LIMIT),
    async execute(args, ctx) {
      const project = sessionProject(ctx);
      const query = listQuery(args, project, DEFAULT_LIMIT);
      const page = await memory.list(query);
      const what = filterLabel(args, page.total);
      const where = scopesLabel(query.scopes, project);
      if (page.total === 0) return `No ${what} in ${where}.`;
      if (page.items.length === 0)
        return `${page.total} ${what} in ${where}, but offset ${page.offset} is past the last of them.`;
      const header = `${page.total} ${what} in ${where}; showing ${page.offset + 1}-${page.offset + page.items.length}, newest first:`;
      return boundedList(
        header,
        page.items.map((entry) => entryBlock(entry, project)),
        {
          total: page.total,
          offset: page.offset,
          next: (offset) =>
            `call memory_list again with offset ${offset} for the next ones, or filter by kind or status.`,
        },
      );
    },
  });
}
