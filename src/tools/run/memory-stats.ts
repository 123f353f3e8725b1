/**
 * A memory_stats call (../memory-stats.ts): counts by kind and status, the trash, the store's size, the oldest entry.
 */

import { formatBytes, plural } from "../../human-units.js";
import { formatTime } from "../../store/change-text.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryDeps } from "../memory-deps.js";
import type { memoryStatsTool } from "../memory-stats.js";
import { entryRef } from "./render-entry.js";
import { readScopes, scopesLabel, sessionProject } from "./tool-scope.js";

const MAX_KINDS = 50;

export function memoryStats({ memory }: MemoryDeps): CallOf<typeof memoryStatsTool> {
  return async (args, ctx) => {
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
  };
}
