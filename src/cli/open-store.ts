/**
 * The memory store the commands use: the plugin's own store code over `<dataDir>/ledger.db`. Reads of an absent store
 * answer empty and create nothing; the store is created only by a command that writes.
 */
import type { Services } from "../services.js";
import type { Actor } from "../store/memory-types.js";
import type { CliContext } from "./context.js";
import { withServices } from "./open-services.js";

/** What the command line tool records as the actor of a change it makes. */
export const CLI_ACTOR: Actor = { kind: "cli" };
/** A review decision is a person's judgement, whichever tool carries it (as in the TUI). */
export const PERSON_ACTOR: Actor = { kind: "person" };

/** The store with the team memory of the project holding the current folder, as `withMemory` hands it over. */
export interface OpenMemory {
  database: Services["data"]["database"];
  memory: Services["memory"];
  project: Services["scope"];
}

/**
 * Runs `fn` with the store open and closes it afterwards, whatever happens. The team memory's index is brought in
 * line with the team file before anything is read, and a change to a team entry writes the file.
 */
export function withMemory<T>(ctx: CliContext, fn: (store: OpenMemory) => Promise<T>): Promise<T> {
  return withServices(ctx, ({ data, memory, scope }) => {
    // A data folder that is a file, a store that is a link or another user's: said before any work starts.
    data.database.exists();
    return fn({ database: data.database, memory, project: scope });
  });
}
