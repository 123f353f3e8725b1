/**
 * A memory_save call (../memory-save.ts): the entry saved or rewritten, and what changed, in words.
 */

import { ScopeDeniedError } from "../../errors.js";
import { optionalIsoDate } from "../../iso-date.js";
import { formatTime, renderChanges } from "../../store/change-text.js";
import type { SaveResult } from "../../store/memory-types.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryToolsDeps } from "../memory-deps.js";
import type { memorySaveTool } from "../memory-save.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes, writeScope } from "./tool-scope.js";

/**
 * How a rejected or superseded entry is made active again, by what this agent may call: memory_review when the tool
 * set offers it, a save with status "active" otherwise; with candidate saves, a person decides (review refuses an
 * agent's active), so a changed rewrite proposes it again.
 */
function reactivation(options: MemoryToolsDeps["options"]): string {
  if (options.agentSaves === "candidate") return "a rewrite that changes it makes it a candidate for a person's review";
  return options.tools === "all"
    ? "memory_review can mark it active"
    : 'saving it again with status "active" marks it active';
}

function render(result: SaveResult, project: string, notes: string[], reactivate: string): string {
  const { entry } = result;
  const where = scopeLabel(entry.scope, project);
  const lines: string[] = [];
  if (result.action === "created") {
    lines.push(`Saved ${entry.kind} ${entryRef(entry)} as ${entry.status} in ${where}.`);
  } else if (result.action === "updated") {
    const changed = { ...result.changes };
    delete changed.supersedes;
    lines.push(
      `Rewrote ${entryRef(entry)} in ${where}: an entry with this title already existed (now ${entry.status}). Changed: ${renderChanges(changed)}.`,
    );
  } else {
    lines.push(`${entryRef(entry)} in ${where} already says exactly this; nothing changed (${entry.status}).`);
  }
  if (result.superseded) {
    const old = result.superseded;
    const until = old.validUntil !== null ? `, valid until ${formatTime(old.validUntil)}` : "";
    lines.push(`It supersedes ${entryRef(old)}, now marked superseded${until}.`);
  }
  if (result.action !== "created" && (entry.status === "rejected" || entry.status === "superseded")) {
    lines.push(`Note: this entry is ${entry.status}; if it holds again, ${reactivate}.`);
  }
  if (entry.status === "candidate") {
    lines.push("It is a candidate awaiting a person's review; searches show it marked as a candidate.");
  }
  const { expired, purged } = result.purgedDue;
  if (expired + purged > 0) {
    lines.push(`Purged with the save: ${expired} expired and ${purged} long-trashed entries.`);
  }
  return [...lines, ...notes].join("\n");
}

export function memorySave({ memory, options }: MemoryToolsDeps): CallOf<typeof memorySaveTool> {
  return async (args, ctx) => {
    const project = sessionProject(ctx);
    const scope = writeScope(args.scope, project);
    const validFrom = optionalIsoDate("valid_from", args.valid_from);
    const expiresAt = optionalIsoDate("expires_at", args.expires_at);
    if (args.supersedes) {
      // Superseding changes the old entry, so it must be one this session may write.
      const target = await memory.get(args.supersedes);
      if (target && !writableScopes(project).includes(target.scope)) {
        throw new ScopeDeniedError(target.scope, writableScopes(project));
      }
    }
    const candidateMode = options.agentSaves === "candidate";
    const notes: string[] = [];
    if (candidateMode && args.status === "active") {
      notes.push(
        'Note: saved as a candidate, not active: this memory takes agent saves as candidates for a person to review (option agentSaves = "candidate").',
      );
    }
    const result = await memory.save(
      {
        scope,
        kind: args.kind,
        title: args.title,
        body: args.body,
        tags: args.tags,
        status: candidateMode ? undefined : args.status,
        supersedes: args.supersedes,
        validFrom,
        expiresAt,
      },
      agentActor(ctx),
      { changesAwaitReview: candidateMode },
    );
    return render(result, project, notes, reactivation(options));
  };
}
