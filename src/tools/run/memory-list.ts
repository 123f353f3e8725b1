/**
 * A memory_list call (../memory-list.ts): a page of entries, newest first.
 */

import type { CallOf } from "../lazy-tool.js";
import type { MemoryDeps } from "../memory-deps.js";
import type { memoryListTool } from "../memory-list.js";
import { LIST_DEFAULT_LIMIT } from "../tool-defaults.js";
import { filterLabel, listQuery } from "./list-query.js";
import { boundedList, entryBlock } from "./render-entry.js";
import { scopesLabel, sessionProject } from "./tool-scope.js";

export function memoryList({ memory }: MemoryDeps): CallOf<typeof memoryListTool> {
  return async (args, ctx) => {
    const project = sessionProject(ctx);
    const query = listQuery(args, project, LIST_DEFAULT_LIMIT);
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
  };
}
