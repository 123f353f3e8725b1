/**
 * A memory_history call (../memory-history.ts): one entry in full with its trail, or the recent changes.
 */

import { MAX_ENTRIES } from "../../bounded-output.js";
import { plural } from "../../human-units.js";
import { GLOBAL_SCOPE, teamScope } from "../../scope.js";
import { formatTime, renderChanges } from "../../store/change-text.js";
import type { HistoryRow } from "../../store/memory-types.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryDeps } from "../memory-deps.js";
import type { memoryHistoryTool } from "../memory-history.js";
import { LIST_DEFAULT_LIMIT } from "../tool-defaults.js";
import { boundedList, entryBlock } from "./render-entry.js";
import { scopeLabel, scopesLabel, sessionProject } from "./tool-scope.js";

// A full body is at most 8,000 characters; this keeps the entry and a screenful of its trail in one result.
const FULL_BODY_CHARS = 8_000;

function actorText(row: HistoryRow): string {
  const { actor } = row;
  if (actor.kind === "agent") return `agent ${actor.agent ?? "?"}${actor.session ? ` (session ${actor.session})` : ""}`;
  if (actor.kind === "person") return actor.agent ? `person ${actor.agent}` : "a person";
  if (actor.kind === "repo") return actor.agent ? `the repository (commit ${actor.agent})` : "the repository";
  return actor.kind === "cli" ? "the CLI" : "the purge of expired and old trashed entries";
}

function historyLine(row: HistoryRow, withEntry: boolean): string {
  const head = `${formatTime(row.at)} ${row.action}${withEntry ? ` [${row.entryId}]` : ""} by ${actorText(row)}`;
  if (row.redacted) return `${head}: content removed by a purge`;
  const details: string[] = [];
  if (row.changes) details.push(renderChanges(row.changes, 120, row.action === "create"));
  if (row.reason) details.push(`reason: ${row.reason.slice(0, 300)}`);
  return details.length > 0 ? `${head}: ${details.join("; ")}` : head;
}

export function memoryHistory({ memory }: MemoryDeps): CallOf<typeof memoryHistoryTool> {
  return async (args, ctx) => {
    const project = sessionProject(ctx);
    const id = args.id?.trim();
    if (id) {
      const { entry, rows } = await memory.history(id);
      const head = entry
        ? entryBlock(entry, project, FULL_BODY_CHARS)
        : `[${id}] no longer exists (purged); its trail remains without content.`;
      const lines = rows.map((row) => historyLine(row, false));
      return boundedList(`${head}\nHistory, oldest first:`, lines, {
        total: lines.length,
        offset: 0,
        next: () => "the newest changes are left out; memory_history without an id lists recent changes.",
      });
    }
    const scopes = [project, teamScope(project), GLOBAL_SCOPE];
    const limit = Math.min(args.limit ?? LIST_DEFAULT_LIMIT, MAX_ENTRIES);
    const { rows, total } = await memory.recentChanges(scopes, limit);
    const where = scopesLabel(scopes, project);
    if (total === 0) return `No memory changes yet in ${where}.`;
    const lines = rows.map((row) => `${historyLine(row, true)} (${scopeLabel(row.scope, project)})`);
    return boundedList(`${plural(total, "change")} in ${where}; the newest ${rows.length}, newest first:`, lines, {
      total,
      offset: 0,
      next: () => `raise limit (up to ${MAX_ENTRIES}) or give an entry id for its whole trail.`,
    });
  };
}
