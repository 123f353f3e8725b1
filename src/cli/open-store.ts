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

/**
 * The store with the team memory of the project holding the current folder: its index is brought in line with the
 * team file before anything is read, and a change to a team entry writes the file.
 */
export async function openMemory(ctx: CliContext) {
  const [{ Database }, { createMemoryStore }, { createTeamMemory }, { projectOf }] = await Promise.all([
    import("../store/database.js"),
    import("../store/memory-store.js"),
    import("../team/team-memory.js"),
    import("./project.js"),
  ]);
  const database = new Database({ dataDir: ctx.dataDir });
  const project = projectOf(ctx.cwd);
  const memory = createTeamMemory({
    memory: createMemoryStore({ database, clock: Date.now }),
    clock: Date.now,
    follow: [project],
    // Bad lines go to stderr, where a person running a command sees them; `team check` lists them all.
    log: { log: (level, message) => (level === "warn" ? ctx.note(message) : undefined) },
  });
  return { database, memory, project, close: () => database.close() };
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
