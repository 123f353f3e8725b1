/**
 * How a change to a memory entry reads as text, for the agent (tools) and for people (CLI) alike: times as ISO
 * minutes, `field: old → new`, bodies as lengths when long.
 */
import { escapeBlockTags } from "../one-line.js";
import { AUDIT_TIME_KEYS } from "./entry-audit.js";
import type { EntryField } from "./entry-fields.js";
import type { Changes } from "./memory-types.js";

export function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace(/:\d{2}\.\d{3}Z$/, "Z");
}

/**
 * A field's value where an entry is shown in full: a time as an ISO minute, a list joined by commas, text as it is;
 * undefined when it holds nothing (null, an empty list or text), which is then not shown.
 */
export function shownValue(value: unknown, kind: EntryField["value"]): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (kind === "time") return formatTime(value as number);
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.join(", ");
  return String(value);
}

function short(value: unknown, max: number, isTime: boolean): string {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length === 0 ? "[]" : escapeBlockTags(`[${value.join(", ")}]`);
  if (isTime && typeof value === "number") return formatTime(value);
  const text = escapeBlockTags(String(value).replace(/\s+/g, " "));
  return text.length > max ? `"${text.slice(0, max)}…" (${text.length} chars)` : `"${text}"`;
}

/**
 * `field: old → new` for each change; bodies as lengths. For a created entry (`created`), only the new values, and
 * without the scope, which the line around it names.
 */
export function renderChanges(changes: Changes, max = 80, created = false): string {
  const parts = Object.entries(changes).flatMap(([field, [before, after]]) => {
    if (created && (field === "scope" || after === null)) return [];
    const isTime = AUDIT_TIME_KEYS.has(field);
    if (field === "body") {
      // Short bodies read best as text; long ones as lengths (memory_history shows the whole entry).
      const [b, a] = [String(before ?? ""), String(after ?? "")];
      if (created) return [`body: ${a.length} chars`];
      if (b.length <= max && a.length <= max) return [`body: ${short(b, max, false)} → ${short(a, max, false)}`];
      return [`body: ${b.length} → ${a.length} chars`];
    }
    if (created) return [`${field}: ${short(after, max, isTime)}`];
    return [`${field}: ${short(before, max, isTime)} → ${short(after, max, isTime)}`];
  });
  return parts.length > 0 ? parts.join("; ") : "nothing";
}
