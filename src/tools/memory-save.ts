/**
 * memory_save: keep a decision, fact, preference, gotcha or lesson for later sessions. A title that already exists
 * in the scope is rewritten, and the result says what changed.
 */

import { ScopeDeniedError } from "../errors.js";
import { optionalIsoDate } from "../iso-date.js";
import type { Options } from "../options.js";
import { formatTime, renderChanges } from "../store/change-text.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { SaveResult } from "../store/memory-types.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import { entryRef } from "./render-entry.js";
import { agentActor, scopeLabel, sessionProject, writableScopes, writeScope } from "./tool-scope.js";

export interface MemorySaveDeps {
  memory: MemoryStore;
  options: Pick<Options, "agentSaves">;
}

function render(result: SaveResult, project: string, notes: string[]): string {
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
    lines.push(`Note: this entry is ${entry.status}; if it holds again, memory_review can mark it active.`);
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

/** The `memory_save` tool over a memory store. */
export function createMemorySaveTool({ memory, options }: MemorySaveDeps) {
  return lazyTool({
    description:
      "Save a durable memory entry: a decision, fact, preference, gotcha or lesson worth knowing in later sessions. Saving a title that already exists in the scope rewrites that entry and reports what changed. Never put credentials in memory: anything that looks like a secret is refused.",
    args: () => ({
      kind: z
        .string()
        .describe(
          'What sort of entry: "decision", "fact", "preference", "gotcha" or "lesson" (free-form, up to 40 characters).',
        ),
      title: z
        .string()
        .describe(
          "A short title, 1-120 characters, unique in its scope; saving an existing title rewrites that entry.",
        ),
      body: z.string().describe("The content, up to 8,000 characters: what holds, why, and where it applies."),
      scope: z
        .string()
        .optional()
        .describe(
          '"project" (default: this project), "team" (this project\'s shared team memory: a file in its repository that teammates get through git; for decisions the whole team should know) or "global" (useful in every project). Another project\'s memory cannot be written.',
        ),
      tags: z
        .array(z.string())
        .optional()
        .describe("Up to 12 short tags (each up to 40 characters). Left out on a rewrite: the tags stay."),
      status: z
        .enum(["candidate", "active"])
        .optional()
        .describe(
          '"active" (default) or "candidate" (awaits a person\'s review). When memory takes agent saves as candidates, everything saved is a candidate.',
        ),
      supersedes: z
        .string()
        .optional()
        .describe(
          "Id of an entry this one replaces: it is marked superseded, linked to this one, and its validity closed.",
        ),
      valid_from: z
        .string()
        .optional()
        .describe('When the fact began to hold, ISO 8601 ("2025-06-30" or "2025-06-30T14:00:00Z"; no zone means UTC).'),
      expires_at: z
        .string()
        .optional()
        .describe("When the entry stops being useful, ISO 8601 (a future date); it is then deleted automatically."),
    }),
    async execute(args, ctx) {
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
      return render(result, project, notes);
    },
  });
}
