/**
 * Refuses values that look like credentials before they reach the store, and finds them for redaction. A refusal
 * names the field and the kind of secret, never the value. What is and is not caught is listed in SECURITY.md
 * ("Secret guard").
 *
 * Two families of checks: shapes (provider prefixes, JWTs, webhook URLs, private keys) and context (a secret-named
 * key given a random-looking value, a password in a URL, Authorization credentials). Every check is linear in the
 * length of the text, so a hostile 100 kB body costs what an ordinary one does.
 */
import { SecretFoundError } from "../errors.js";
import { assignedSecrets, CONTEXT_KINDS } from "./assignments.js";
import type { SecretSpan, SpanSink } from "./secret-span.js";
import { SHAPE_KINDS, shapedSecrets } from "./token-shapes.js";

export type { SecretSpan, SpanSink } from "./secret-span.js";

/** Every kind a refusal can name: shapes first, then context. */
export const SECRET_KINDS: readonly string[] = [...SHAPE_KINDS, ...CONTEXT_KINDS];

/** Every secret in `text`, shapes before context, until `sink` says stop; returns whether it did. */
export function scanSecrets(text: string, sink: SpanSink): boolean {
  return shapedSecrets(text, sink) || assignedSecrets(text, sink);
}

/** Every secret in `text`; spans may overlap (a token assigned to a secret-named key is found twice). */
export function secretSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  scanSecrets(text, (span) => {
    spans.push(span);
    return false;
  });
  return spans;
}

/** The kind of secret found in `text` ("GitHub token", "credential assignment"…), or undefined. */
export function findSecret(text: string): string | undefined {
  let kind: string | undefined;
  scanSecrets(text, (span) => {
    kind = span.kind;
    return true;
  });
  return kind;
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
