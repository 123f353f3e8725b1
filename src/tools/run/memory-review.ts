/**
 * A memory_review call (../memory-review.ts): the entry's new status, and what changed.
 */

import { InvalidInputError } from "../../errors.js";
import { renderChanges } from "../../store/change-text.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryToolsDeps } from "../memory-deps.js";
import type { memoryReviewTool } from "../memory-review.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes } from "./tool-scope.js";

export function memoryReview({ memory, options }: MemoryToolsDeps): CallOf<typeof memoryReviewTool> {
  return async (args, ctx) => {
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
  };
}
