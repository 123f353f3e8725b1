/**
 * How entries, changes and lists read in a tool result: compact, ids in brackets to copy back, bodies previewed,
 * and every list bounded in count and bytes with a last line that says what was left out and how to get it.
 */

import { BODY_PREVIEW_CHARS, blocksWithin, byteLength, MAX_RESULT_BYTES, preview } from "../../bounded-output.js";
import { escapeBlockTags } from "../../one-line.js";
import { shownValue } from "../../store/change-text.js";
import { shownFields } from "../../store/entry-fields.js";
import type { EntryView } from "../../store/memory-types.js";
import { scopeLabel } from "./tool-scope.js";

export function entryRef(entry: Pick<EntryView, "id" | "title">): string {
  return `[${entry.id}] "${escapeBlockTags(entry.title)}"`;
}

export function entryHeader(entry: EntryView, project: string): string {
  const flags = [entry.kind, entry.status, scopeLabel(entry.scope, project)];
  if (entry.trashedAt !== null) flags.push(`in the trash since ${shownValue(entry.trashedAt, "time")}`);
  return `${entryRef(entry)} (${flags.join(", ")})`;
}

/** The header says the trash; the agent is shown when an entry last changed, not when it was made. */
const SHOWN_ELSEWHERE: ReadonlySet<string> = new Set(["createdAt", "trashedAt"]);
const META_FIELDS = shownFields().filter((f) => !SHOWN_ELSEWHERE.has(f.name));

function metaLine(entry: EntryView): string {
  const meta: string[] = [];
  const values = entry as unknown as Record<string, unknown>;
  // A date reads as a phrase ("expires 2031-06-30T14:00Z"), any other value after its label and a colon.
  for (const field of META_FIELDS) {
    const value = shownValue(values[field.name], field.value);
    if (value === undefined) continue;
    meta.push(field.value === "time" ? `${field.label} ${value}` : `${field.label}: ${escapeBlockTags(value)}`);
  }
  if (entry.supersededBy !== null) meta.push(`superseded by [${entry.supersededBy}]`);
  if (entry.supersedes.length > 0) meta.push(`supersedes ${entry.supersedes.map((id) => `[${id}]`).join(", ")}`);
  return meta.join(" · ");
}

/** One entry with its body previewed (or shown up to `bodyChars`), and how to read the rest when it is cut. */
export function entryBlock(entry: EntryView, project: string, bodyChars = BODY_PREVIEW_CHARS): string {
  const lines = [entryHeader(entry, project), `  ${metaLine(entry)}`];
  if (entry.body.length > 0) {
    lines.push(indent(escapeBlockTags(preview(entry.body, bodyChars))));
    if (entry.body.length > bodyChars) lines.push(`  (memory_history with id "${entry.id}" shows the whole body)`);
  }
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

/**
 * A header, then blocks while they fit in the byte budget, then one line that says how many were left out (by the
 * limit or by the budget) and what to call to see them.
 */
export function boundedList(
  header: string,
  blocks: readonly string[],
  remaining: { total: number; offset: number; next: (offset: number) => string; totalAtLeast?: boolean },
  maxBytes = MAX_RESULT_BYTES,
): string {
  const kept = blocksWithin(blocks, maxBytes - byteLength(header) - 600);
  const lines = [header, ...kept];
  const left = remaining.total - remaining.offset - kept.length;
  if (left > 0 || remaining.totalAtLeast) {
    const cut = kept.length < blocks.length ? ` (output limit ${maxBytes} bytes)` : "";
    // A total that is only a lower bound says so: "at least 990 more", or just "more" past it.
    const more = left > 0 ? `${remaining.totalAtLeast ? "at least " : ""}${left} more` : "more";
    lines.push(`… ${more} not shown${cut}; ${remaining.next(remaining.offset + kept.length)}`);
  }
  return lines.join("\n");
}
