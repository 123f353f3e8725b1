/**
 * The memory store as the plugin holds it: its code (and drizzle with it) is loaded on the first call, so plugin
 * start-up, which happens in every OpenCode process, pays nothing for memory until memory is used.
 */
import type { MemoryStore, MemoryStoreDeps } from "./memory-store.js";

export function lazyMemoryStore(deps: MemoryStoreDeps): MemoryStore {
  let loading: Promise<MemoryStore> | undefined;
  return forwardMemoryStore(deps.database, () => {
    loading ??= import("./memory-store.js").then((m) => m.createMemoryStore(deps));
    return loading;
  });
}

/** A store whose every method waits for `load` and calls the loaded store's. */
export function forwardMemoryStore(database: MemoryStore["database"], load: () => Promise<MemoryStore>): MemoryStore {
  // Spelled out, so the compiler checks that every method of the store is forwarded with its exact types.
  return {
    database,
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
  };
}
