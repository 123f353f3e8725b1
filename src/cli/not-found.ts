/**
 * The command line's own "not found": the store's message points at the agent's tools, this one at the commands.
 */
import { NotFoundError } from "../errors.js";

export function missingEntry(id: string, outcome = ""): NotFoundError {
  return new NotFoundError(
    "memory entry",
    id,
    `check the id with "opencode-ledger list" or "opencode-ledger search" (a purged entry keeps only its history)${outcome}`,
  );
}
