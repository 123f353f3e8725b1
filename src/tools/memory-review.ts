/**
 * memory_review: mark an entry active, superseded or rejected, with the reason kept in the audit log.
 */

import { InvalidInputError } from "../errors.js";
import type { Options } from "../options.js";
import { renderChanges } from "../store/change-text.js";
import type { MemoryStore } from "../store/memory-store.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes } from "./tool-scope.js";

export interface MemoryReviewDeps {
  memory: MemoryStore;
  options: Pick<Options, "agentSaves">;
}

/** The `memory_review` tool over a memory store. */
export function createMemoryReviewTool({ memory, options }: MemoryReviewDeps) {
  return lazyTool({
    description:
      "Review a memory entry: mark it active (it holds), superseded (replaced by another entry) or rejected (wrong). The reason goes into the audit log.",
    args: () => ({
      id: z.string().describe("Id of the entry to review."),
      status: z
        .enum(["active", "superseded", "rejected"])
        .describe('"active", "superseded" (give superseded_by) or "rejected".'),
      reason: z.string().optional().describe("Why, in a sentence; kept in the audit log."),
      superseded_by: z
        .string()
        .optional()
        .describe('With status "superseded": the id of the entry that replaced this one.'),
    }),
    async execute(args, ctx) {
      if (args.status === "active" && options.agentSaves === "candidate") {
        // Candidate mode exists so that a person decides what becomes active; an agent approving itself defeats it.
        throw new InvalidInputError(
          "status",
          'an agent cannot make entries active here: memory takes agent saves as candidates for a person to review (option agentSaves = "candidate"). Leave it a candidate, or reject it.',
        );
      }
      const project = sessionProject(ctx);
      const { entry, changes } = await memory.setStatus(
        args.id.trim(),
        {
          status: args.status,
          reason: args.reason,
          supersededBy: args.superseded_by?.trim() || undefined,
          within: writableScopes(project),
        },
        agentActor(ctx),
      );
      const where = scopeLabel(entry.scope, project);
      if (Object.keys(changes).length === 0)
        return `${entryRef(entry)} in ${where} is already ${entry.status}; nothing changed.`;
      return `Marked ${entryRef(entry)} in ${where} ${entry.status}. Changed: ${renderChanges(changes)}.`;
    },
  });
}
