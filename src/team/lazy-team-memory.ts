/**
 * The team-aware memory store as the plugin holds it: its code is loaded on the first call, like the store's own.
 */
import type { TeamMemory, TeamMemoryDeps } from "./team-memory.js";

export function lazyTeamMemory(deps: TeamMemoryDeps): TeamMemory {
  let loading: Promise<TeamMemory> | undefined;
  const load = (): Promise<TeamMemory> => {
    loading ??= import("./team-memory.js").then((m) => m.createTeamMemory(deps));
    return loading;
  };
  // Spelled out, so the compiler checks that every method is forwarded with its exact types.
  return {
    database: deps.memory.database,
    save: async (...a) => (await load()).save(...a),
    edit: async (...a) => (await load()).edit(...a),
    supersede: async (...a) => (await load()).supersede(...a),
    setStatus: async (...a) => (await load()).setStatus(...a),
    trash: async (...a) => (await load()).trash(...a),
    trashByQuery: async (...a) => (await load()).trashByQuery(...a),
    restore: async (...a) => (await load()).restore(...a),
    purge: async (...a) => (await load()).purge(...a),
    get: async (...a) => (await load()).get(...a),
    list: async (...a) => (await load()).list(...a),
    search: async (...a) => (await load()).search(...a),
    history: async (...a) => (await load()).history(...a),
    recentChanges: async (...a) => (await load()).recentChanges(...a),
    stats: async (...a) => (await load()).stats(...a),
    sweep: async () => (await load()).sweep(),
    sweepIfDue: async () => (await load()).sweepIfDue(),
    syncTeam: async (...a) => (await load()).syncTeam(...a),
    promote: async (...a) => (await load()).promote(...a),
    demote: async (...a) => (await load()).demote(...a),
  };
}
