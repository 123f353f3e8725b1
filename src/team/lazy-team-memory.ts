/**
 * The team-aware memory store as the plugin holds it: its code is loaded on the first call, like the store's own.
 */
import { forwardMemoryStore } from "../store/lazy-memory-store.js";
import type { TeamMemory, TeamMemoryDeps } from "./team-memory.js";

export function lazyTeamMemory(deps: TeamMemoryDeps): TeamMemory {
  let loading: Promise<TeamMemory> | undefined;
  const load = (): Promise<TeamMemory> => {
    loading ??= import("./team-memory.js").then((m) => m.createTeamMemory(deps));
    return loading;
  };
  return {
    ...forwardMemoryStore(deps.memory.database, load),
    syncTeam: async (...a) => (await load()).syncTeam(...a),
    promote: async (...a) => (await load()).promote(...a),
    demote: async (...a) => (await load()).demote(...a),
  };
}
