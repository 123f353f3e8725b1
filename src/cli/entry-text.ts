/**
 * How entries read for people on the command line: table rows for lists, a full block for one entry.
 */

import { formatTime, renderChanges, shownValue } from "../store/change-text.js";
import { shownFields } from "../store/entry-fields.js";
import type { EntryView, HistoryRow, Page } from "../store/memory-types.js";
import type { CliContext } from "./context.js";
import { scopeText } from "./project.js";
import { type Column, renderTable } from "./table.js";

export { formatTime };

export const ENTRY_COLUMNS: Column[] = [
  { header: "ID" },
  { header: "KIND" },
  { header: "STATUS" },
  { header: "SCOPE", flex: true, min: 10 },
  { header: "UPDATED" },
  { header: "TITLE", flex: true, min: 12 },
];

function statusText(entry: EntryView): string {
  return entry.trashedAt !== null ? `${entry.status} (trash)` : entry.status;
}

export function entryRow(entry: EntryView, ctx: CliContext): string[] {
  return [
    entry.id,
    entry.kind,
    statusText(entry),
    scopeText(entry.scope, ctx.env.HOME),
    formatTime(entry.updatedAt),
    entry.title,
  ];
}

export function entryTable(entries: readonly EntryView[], ctx: CliContext): string {
  return renderTable(
    ENTRY_COLUMNS,
    entries.map((e) => entryRow(e, ctx)),
    { width: ctx.width, color: ctx.color },
  );
}

/** "3 entries.", "21-40 of 95 entries; --offset 40 for more." */
export function pageFooter(page: Page<unknown> & { totalAtLeast?: boolean }, one: string, many: string): string {
  if (page.total === 0) return `No ${many}.`;
  const noun = page.total === 1 ? one : many;
  const from = page.offset + 1;
  const to = page.offset + page.items.length;
  // A search counts its matches up to a cap: past it, the total is a floor and there is always more to page through.
  const total = page.totalAtLeast ? `at least ${page.total}` : `${page.total}`;
  const shown =
    page.items.length === page.total && !page.totalAtLeast ? `${total} ${noun}` : `${from}-${to} of ${total} ${noun}`;
  return to < page.total || page.totalAtLeast ? `${shown}; --offset ${to} for more.` : `${shown}.`;
}

/** Every field of one entry, the body in full. */
export function entryBlock(entry: EntryView, ctx: CliContext): string {
  const lines: [string, string][] = [
    ["id", entry.id],
    ["title", entry.title],
    ["kind", entry.kind],
    ["status", entry.status],
    ["scope", entry.scope],
  ];
  const values = entry as unknown as Record<string, unknown>;
  for (const field of shownFields()) {
    const value = shownValue(values[field.name], field.value);
    if (value !== undefined) lines.push([field.label, value]);
  }
  if (entry.supersededBy !== null) lines.push(["superseded by", entry.supersededBy]);
  if (entry.supersedes.length > 0) lines.push(["supersedes", entry.supersedes.join(", ")]);
  const source = [entry.source.agent, entry.source.session].filter(Boolean).join(", ");
  if (source) lines.push(["source", source]);
  const width = Math.max(...lines.map(([k]) => k.length));
  const bold = (text: string) => (ctx.color ? `\u001b[1m${text}\u001b[0m` : text);
  const head = lines.map(([k, v]) => `${bold(`${k}:`.padEnd(width + 1))} ${v}`);
  return [...head, "", entry.body.length > 0 ? entry.body : "(empty body)"].join("\n");
}

export const HISTORY_COLUMNS: Column[] = [
  { header: "#", align: "right" },
  { header: "AT" },
  { header: "ACTION" },
  { header: "BY" },
  { header: "CHANGES", flex: true, min: 16 },
  { header: "REASON", flex: true, min: 10 },
];

export function actorText(row: HistoryRow): string {
  return [row.actor.kind, row.actor.agent, row.actor.session].filter(Boolean).join(" ");
}

export function historyRow(row: HistoryRow): string[] {
  const changes = row.redacted
    ? "(purged)"
    : row.changes
      ? renderChanges(row.changes, 60, row.action === "create")
      : "";
  return [String(row.seq), formatTime(row.at), row.action, actorText(row), changes, row.reason ?? ""];
}
