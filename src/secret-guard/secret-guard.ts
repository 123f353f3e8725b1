/**
 * Refuses values that look like credentials before they reach the store. A refusal names the field and the kind of
 * secret, never the value. What is and is not caught is listed in SECURITY.md ("Secret guard").
 *
 * Two families of checks: shapes (provider prefixes, JWTs, PEM private keys) and context (a secret-named key given
 * a random-looking value, a password in a URL, Authorization credentials). Every check is linear in the length of
 * the text, so a hostile 100 kB body costs what an ordinary one does.
 */
import { SecretFoundError } from "../errors.js";
import { CONTEXT_KINDS, findAssignedSecret } from "./assignments.js";
import { findShapedSecret, SHAPE_KINDS } from "./token-shapes.js";

/** Every kind a refusal can name, in the order they are checked. */
export const SECRET_KINDS: readonly string[] = [...SHAPE_KINDS, ...CONTEXT_KINDS];

/** The kind of secret found in `text` ("GitHub token", "credential assignment"…), or undefined. */
export function findSecret(text: string): string | undefined {
  return findShapedSecret(text) ?? findAssignedSecret(text);
}

/** Throws SecretFoundError for the first field that holds something secret-shaped; returns if none does. */
export function assertNoSecrets(fields: Record<string, string | readonly string[] | undefined | null>): void {
  for (const [field, value] of Object.entries(fields)) {
    const values = value == null ? [] : typeof value === "string" ? [value] : value;
    for (const v of values) {
      const kind = findSecret(v);
      if (kind) throw new SecretFoundError(field, kind);
    }
  }
}
