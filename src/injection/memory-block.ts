/**
 * The memory block a session starts with: active lessons first, then the titles of recent active entries of the
 * project, its team memory and the global scope, each with its id so the agent can fetch the whole entry. Before a
 * user turn whose message matches saved entries, those come first, with a line of their body. Bounded in characters;
 * only active, live entries ever appear (the store's list and search already leave out trashed and expired ones).
 */

import { oneLine } from "../one-line.js";
import { GLOBAL_SCOPE, teamProject, teamScope } from "../scope.js";
import { redactSecrets } from "../secret-guard/redact.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { EntryView } from "../store/memory-types.js";

/** How many entries of each kind are looked at; the character bound decides how many are shown. */
const LESSONS_LOOKED_AT = 20;
const RECENT_LOOKED_AT = 40;
const LESSON_PREVIEW_CHARS = 160;

const OPEN = '<memory source="opencode-ledger">';
const CLOSE = "</memory>";

/** " (global)" or " (team)" after a title; nothing for the project's own entries. */
export function scopeMark(entry: EntryView): string {
  if (entry.scope === GLOBAL_SCOPE) return " (global)";
  return teamProject(entry.scope) !== undefined ? " (team)" : "";
}

function lessonLine(entry: EntryView): string {
  return `- ${oneLine(entry.title, 120)}${scopeMark(entry)}: ${oneLine(entry.body, LESSON_PREVIEW_CHARS)} [${entry.id}]`;
}

function matchLine(entry: EntryView): string {
  const line = `- ${entry.kind}: ${oneLine(entry.title, 120)}${scopeMark(entry)}: ${oneLine(entry.body, LESSON_PREVIEW_CHARS)} [${entry.id}]`;
  return redactSecrets(line).text;
}

function entryLine(entry: EntryView): string {
  return `- ${entry.kind}: ${oneLine(entry.title, 120)}${scopeMark(entry)} [${entry.id}]`;
}

/**
 * Lays out sections of lines under `maxChars`: lines are added while they fit, and a last line says how many were
 * left out. Returns undefined when there is nothing to show.
 */
export function layoutBlock(sections: { heading: string; lines: string[] }[], maxChars: number): string | undefined {
  const total = sections.reduce((n, s) => n + s.lines.length, 0);
  if (total === 0) return undefined;
  const footer = (omitted: number) =>
    omitted > 0
      ? `(${omitted} more not shown: memory_search finds them; memory_history <id> reads an entry in full)`
      : "(memory_history <id> reads an entry in full)";
  // Reserve room for the longest footer so the bound holds whatever is left out.
  const reserve = OPEN.length + CLOSE.length + footer(total).length + 3;
  const out: string[] = [OPEN];
  let used = reserve;
  let shown = 0;
  for (const section of sections) {
    if (section.lines.length === 0) continue;
    const headingCost = section.heading.length + 1;
    const first = section.lines[0] as string;
    if (used + headingCost + first.length + 1 > maxChars) break;
    out.push(section.heading);
    used += headingCost;
    for (const line of section.lines) {
      if (used + line.length + 1 > maxChars) break;
      out.push(line);
      used += line.length + 1;
      shown++;
    }
  }
  if (shown === 0) return undefined;
  out.push(footer(total - shown), CLOSE);
  return out.join("\n");
}

/**
 * The block for a session of `project`, or undefined when there is nothing active to show (or no store at all).
 * `matches` (the entries matching the user's message, best first) come first; the fixed sections fill what is left.
 */
export async function buildMemoryBlock(
  memory: MemoryStore,
  project: string,
  maxChars: number,
  matches: readonly EntryView[] = [],
): Promise<string | undefined> {
  const scopes = [project, teamScope(project), GLOBAL_SCOPE];
  const lessons = await memory.list({ scopes, status: "active", kind: "lesson", limit: LESSONS_LOOKED_AT });
  const recent = await memory.list({ scopes, status: "active", limit: RECENT_LOOKED_AT });
  const matched = new Set(matches.map((e) => e.id));
  const lessonIds = new Set(lessons.items.map((e) => e.id));
  // The project's own entries first at equal recency: they are the ones most likely to matter here.
  const others = recent.items
    .filter((e) => !lessonIds.has(e.id) && !matched.has(e.id))
    .sort((a, b) => Number(a.scope === GLOBAL_SCOPE) - Number(b.scope === GLOBAL_SCOPE) || b.updatedAt - a.updatedAt);
  return layoutBlock(
    [
      { heading: "Saved memory that matches this message:", lines: matches.map(matchLine) },
      {
        heading: "Lessons learned earlier (apply them):",
        lines: lessons.items.filter((e) => !matched.has(e.id)).map(lessonLine),
      },
      {
        heading: "Saved memory of this project, its team (shared through the repository) and global, newest first:",
        lines: others.map(entryLine),
      },
    ],
    maxChars,
  );
}
