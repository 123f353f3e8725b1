/**
 * memory_stats: how much is remembered, by kind and status, the trash, the store's size and its oldest live entry.
 */

import { formatBytes, plural } from "../human-units.js";
import { formatTime } from "../store/change-text.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import type { MemoryDeps } from "./memory-deps.js";
import { entryRef } from "./render-entry.js";
import { READ_SCOPE_DESCRIPTION, readScopes, scopesLabel, sessionProject } from "./tool-scope.js";

const MAX_KINDS = 50;

/** The `memory_stats` tool over a memory store. */
export function createMemoryStatsTool({ memory }: MemoryDeps) {
  return lazyTool({
    description:
      "Summarise the saved memory: entries by kind and status, the trash, the total, the store's size on disk and the oldest live entry.",
    args: () => ({
      scope: z.string().optional().describe(READ_SCOPE_DESCRIPTION),
    }),
    async execute(args, ctx) {
      const project = sessionProject(ctx);
      const scopes = readScopes(args.scope, project);
      const stats = await memory.stats(scopes);
      const statuses = Object.entries(stats.byStatus)
        .map(([status, n]) => `${n} ${status}`)
        .join(", ");
      const allKinds = Object.entries(stats.byKind);
      const more = allKinds.length > MAX_KINDS ? ` and ${allKinds.length - MAX_KINDS} more kinds` : "";
      const kinds =
        allKinds
          .slice(0, MAX_KINDS)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(", ") + more;
      const oldest = stats.oldestLive
        ? `${entryRef(stats.oldestLive)}, created ${formatTime(stats.oldestLive.createdAt)}`
        : "none";
      return [
        `Memory in ${scopesLabel(scopes, project)}: ${plural(stats.live, "live entry", "live entries")} (${statuses}), ${stats.trash} in the trash, ${stats.total} in all.`,
        `By kind: ${kinds || "none"}.`,
        `Oldest live entry: ${oldest}.`,
        `Store on disk: ${formatBytes(stats.storeBytes)} (ledger.db and its WAL, every scope).`,
      ].join("\n");
    },
  });
}
