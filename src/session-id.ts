/**
 * OpenCode session ids, checked wherever one comes from outside (tool arguments, slash commands, file names).
 */
import { InvalidInputError } from "./errors.js";

/** The shape of an OpenCode session id: ses_ and 8 to 64 letters and digits. */
export const SESSION_ID = /^ses_[0-9A-Za-z]{8,64}$/;
/** What a field that fails `SESSION_ID` is told. */
export const NOT_A_SESSION_ID = "is not a session id (ses_ followed by letters and digits)";

/** Throws unless `id` has the shape of an OpenCode session id (no separators, no dots, bounded length). */
export function checkSessionId(id: string, field = "sessionID"): string {
  if (!SESSION_ID.test(id)) {
    throw new InvalidInputError(
      field,
      `"${id.slice(0, 80)}" is not a session id (expected ses_ followed by letters and digits)`,
    );
  }
  return id;
}
