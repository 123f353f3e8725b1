/**
 * The memory store the commands use: the plugin's own store code over `<dataDir>/ledger.db`. Reads of an absent store
 * answer empty and create nothing; the store is created only by a command that writes.
 */
import type { Actor } from "../store/memory-types.js";
import type { CliContext } from "./context.js";

/** What the command line tool records as the actor of a change it makes. */
export const CLI_ACTOR: Actor = { kind: "cli" };
/** A review decision is a person's judgement, whichever tool carries it (as in the TUI). */
export const PERSON_ACTOR: Actor = { kind: "person" };

export async function openMemory(ctx: CliContext) {
  const [{ Database }, { createMemoryStore }] = await Promise.all([
    import("../store/database.js"),
    import("../store/memory-store.js"),
  ]);
  const database = new Database({ dataDir: ctx.dataDir });
  // A data folder that is a file, a store that is a link or another user's: said before any work starts.
  database.exists();
  const memory = createMemoryStore({ database, clock: Date.now });
  return { database, memory, close: () => database.close() };
}

export type OpenMemory = Awaited<ReturnType<typeof openMemory>>;

/** Runs `fn` with the store open and closes it afterwards, whatever happens. */
export async function withMemory<T>(ctx: CliContext, fn: (store: OpenMemory) => Promise<T>): Promise<T> {
  const store = await openMemory(ctx);
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}
