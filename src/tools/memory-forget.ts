/**
 * memory_forget: move entries to the trash, never destroy them. By id anywhere (ids are unique); by query only in
 * this project and global, never another project's.
 */

import { InvalidInputError } from "../errors.js";
import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { EntryView } from "../store/memory-types.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";
import { entryRef } from "./render-entry.js";
import { agentActor, assertOwnTeam, scopeLabel, scopesLabel, sessionProject, writableScopes } from "./tool-scope.js";

export interface MemoryForgetDeps {
  memory: MemoryStore;
  options: Pick<Options, "retention">;
}

/** The `memory_forget` tool over a memory store. */
export function createMemoryForgetTool({ memory, options }: MemoryForgetDeps) {
  const kept = `restorable with memory_restore for ${options.retention.trashDays} days, then deleted`;
  const render = (trashed: EntryView[], project: string) =>
    [
      `Moved ${trashed.length} ${trashed.length === 1 ? "entry" : "entries"} to the trash (${kept}):`,
      ...trashed.map((e) => `- ${entryRef(e)} (${e.kind}, ${scopeLabel(e.scope, project)})`),
    ].join("\n");
  return lazyTool({
    description:
      "Forget memory entries that are wrong or no longer useful: they move to the trash and can be restored. Give an id, or a query to forget the entries of this project, its team memory and global that match every word of it. A forgotten team entry leaves the team file.",
    args: () => ({
      id: z.string().optional().describe("Id of the entry to forget. Give either id or query."),
      query: z
        .string()
        .optional()
        .describe(
          "Forget the entries of this project, its team memory and global matching every word of this query (at most 20 at once). Give either id or query.",
        ),
      reason: z.string().optional().describe("Why it is forgotten, kept in the audit log."),
    }),
    async execute(args, ctx) {
      const project = sessionProject(ctx);
      const id = args.id?.trim();
      const query = args.query?.trim();
      if (!id === !query) throw new InvalidInputError("id", "give either id or query (exactly one of them)");
      if (id) {
        // A store that cannot be read is reported by the change itself, as it is without this check.
        const target = await memory.get(id).catch(() => undefined);
        if (target) assertOwnTeam(target.scope, project);
        const { entry } = await memory.trash(id, agentActor(ctx), args.reason);
        return render([entry], project);
      }
      const scopes = writableScopes(project);
      const trashed = await memory.trashByQuery(query ?? "", scopes, agentActor(ctx), args.reason);
      if (trashed.length === 0) {
        return `No entry in ${scopesLabel(scopes, project)} matches every word of "${query?.slice(0, 200)}"; nothing was trashed. Check with memory_search.`;
      }
      return render(trashed, project);
    },
  });
}
