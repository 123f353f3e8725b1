/**
 * A memory_forget call (../memory-forget.ts): the entries moved to the trash, by id or by query.
 */

import { InvalidInputError } from "../../errors.js";
import type { EntryView } from "../../store/memory-types.js";
import type { CallOf } from "../lazy-tool.js";
import type { MemoryToolsDeps } from "../memory-deps.js";
import type { memoryForgetTool } from "../memory-forget.js";
import { entryRef } from "./render-entry.js";
import { agentActor, assertOwnTeam, scopeLabel, scopesLabel, sessionProject, writableScopes } from "./tool-scope.js";

export function memoryForget({ memory, options }: MemoryToolsDeps): CallOf<typeof memoryForgetTool> {
  // memory_restore is offered only with `tools: "all"`; the command line restores whatever the tool set.
  const restore =
    options.tools === "all"
      ? 'memory_restore or "opencode-ledger restore <id>"'
      : '"opencode-ledger restore <id>" (or memory_restore, offered with the option tools: "all")';
  const kept = `restorable for ${options.retention.trashDays} days with ${restore}, then deleted`;
  const render = (trashed: EntryView[], project: string) =>
    [
      `Moved ${trashed.length} ${trashed.length === 1 ? "entry" : "entries"} to the trash (${kept}):`,
      ...trashed.map((e) => `- ${entryRef(e)} (${e.kind}, ${scopeLabel(e.scope, project)})`),
    ].join("\n");
  return async (args, ctx) => {
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
  };
}
