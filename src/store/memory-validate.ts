/**
 * The edge of the store: every field is checked and normalised here, and scanned for secrets, before a write
 * begins. A refusal happens before anything is written, so nothing is ever half-saved.
 */
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { GLOBAL_SCOPE, normalizeScopePath, teamProject, teamScope } from "../scope.js";
import { assertNoSecrets } from "../secret-guard/secret-guard.js";
import { CONTENT_FIELDS, type ContentFieldName, ENTRY_FIELDS, type EntryField } from "./entry-fields.js";
import { type EntryFields, type EntryView, LIMITS } from "./memory-types.js";

export interface CleanFields {
  kind: string;
  title: string;
  body: string;
  /** Undefined keeps the tags a rewrite finds. */
  tags: string[] | undefined;
  validFrom: number | null | undefined;
  validUntil: number | null | undefined;
  expiresAt: number | null | undefined;
}

function text(field: string, value: unknown, max: number, min = 1): string {
  if (typeof value !== "string") throw new InvalidInputError(field, "must be a string");
  const trimmed = value.trim();
  if (trimmed.length < min) throw new InvalidInputError(field, "must not be empty");
  if (trimmed.length > max) {
    throw new InvalidInputError(field, `is ${trimmed.length} characters; the limit is ${max}. Shorten it.`);
  }
  return trimmed;
}

function checkOneLine(field: string, value: string): string {
  if (/\p{Cc}/u.test(value)) throw new InvalidInputError(field, "must be one line of text");
  return value;
}

/**
 * A scope is "global" or a project's absolute path, normalised as every scope is (`normalizeScopePath`: resolved,
 * links followed, no trailing slash, NFC), so `/p/`, `/p/../p` and a link to `/p` are one scope. Callers resolve
 * which one a request may use.
 */
export function cleanScope(value: unknown): string {
  const project = typeof value === "string" ? (teamProject(value) ?? value) : undefined;
  if (typeof value !== "string" || (value !== GLOBAL_SCOPE && !path.isAbsolute(project ?? ""))) {
    throw new InvalidInputError("scope", 'must be "global" or a project\'s absolute path');
  }
  if (value === GLOBAL_SCOPE) return value;
  const team = teamProject(value);
  return team === undefined ? normalizeScopePath(value) : teamScope(normalizeScopePath(team));
}

export function cleanKind(value: unknown): string {
  // Kinds group entries in lists and stats, so "Decision" and "decision" are one kind.
  return checkOneLine("kind", text("kind", value, LIMITS.kind)).toLowerCase();
}

/** Kept in NFC, the form titles are compared in (`titleKey`). */
export function cleanTitle(value: unknown): string {
  return checkOneLine("title", text("title", value, LIMITS.title)).normalize("NFC");
}

export function cleanBody(value: unknown): string {
  return text("body", value, LIMITS.body, 0);
}

export function cleanTags(value: readonly unknown[] | undefined): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InvalidInputError("tags", "must be a list of strings");
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value) {
    const tag = checkOneLine("tags", text("tags", raw, LIMITS.tag));
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > LIMITS.tags) {
    throw new InvalidInputError(
      "tags",
      `${tags.length} tags given; the limit is ${LIMITS.tags}. Keep the telling ones.`,
    );
  }
  return tags;
}

export function cleanReason(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const reason = text("reason", value, LIMITS.reason);
  assertNoSecrets({ reason });
  return reason;
}

function time(field: string, value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isFinite(value)) throw new InvalidInputError(field, "must be a valid date");
  return Math.trunc(value);
}

/**
 * How each field a save or an edit writes (declared `content` in src/store/entry-fields.ts) is checked and
 * normalised: a new such field needs its line here, which the type asks for.
 */
const CLEAN: { [K in ContentFieldName]: (value: EntryFields[K]) => CleanFields[K] } = {
  kind: cleanKind,
  title: cleanTitle,
  body: cleanBody,
  tags: (tags) => (tags === undefined ? undefined : cleanTags(tags)),
  validFrom: (value) => time("valid_from", value),
  validUntil: (value) => time("valid_until", value),
  expiresAt: (value) => time("expires_at", value),
};

/** The content of anything holding an entry's fields (a view, an import line, a team line), as a save takes it. */
export function contentOf(source: EntryFields): EntryFields {
  const content: Record<string, unknown> = {};
  for (const name of CONTENT_FIELDS) content[name] = source[name];
  return content as unknown as EntryFields;
}

/** Checked content as an entry's view holds it: an absent list empty, an absent value null. */
export function contentValues(fields: CleanFields): Pick<EntryView, ContentFieldName> {
  const values: Record<string, unknown> = {};
  for (const name of CONTENT_FIELDS) {
    const field: EntryField = ENTRY_FIELDS[name];
    values[name] = fields[name] ?? (field.value === "list" ? [] : null);
  }
  return values as Pick<EntryView, ContentFieldName>;
}

/**
 * Checks and normalises the fields of a save or an edit. `now` is used to refuse an expiry in the past, which would
 * make the entry vanish at once.
 */
export function cleanFields(input: EntryFields, now: number): CleanFields {
  // Scanned as given, before normalising: lowercasing a kind would hide an upper-case key shape. Times hold none.
  const scanned: Record<string, string | readonly string[] | null | undefined> = {};
  for (const name of CONTENT_FIELDS) {
    const field: EntryField = ENTRY_FIELDS[name];
    if (field.value !== "time") scanned[name] = input[name] as string | readonly string[] | undefined;
  }
  assertNoSecrets(scanned);
  const clean: Record<string, unknown> = {};
  for (const name of CONTENT_FIELDS) clean[name] = (CLEAN[name] as (value: unknown) => unknown)(input[name]);
  const fields = clean as unknown as CleanFields;
  if (fields.expiresAt != null && fields.expiresAt <= now) {
    throw new InvalidInputError("expires_at", "is in the past; give a future date or leave it out");
  }
  if (fields.validFrom != null && fields.validUntil != null && fields.validUntil < fields.validFrom) {
    throw new InvalidInputError("valid_until", "is before valid_from");
  }
  return fields;
}
