/**
 * The memory entries the session saved or changed, read from the results of its memory tools (each names the entries
 * it touched as `[id] "title"`). The latest action on an entry wins.
 */
import type { MemoryChange } from "./map-types.js";
import type { ToolCall } from "./tool-calls.js";

const ACTIONS: Record<string, string> = {
  memory_save: "saved",
  memory_review: "reviewed",
  memory_forget: "trashed",
  memory_restore: "restored",
};
/** `[id] "title"` as the memory tools write an entry (render-entry.ts `entryRef`). */
const ENTRY_REF = /\[([A-Za-z0-9_-]{1,64})\] "([^"\n]{0,300})"/g;

function actionOf(tool: string, output: string): string | undefined {
  const action = ACTIONS[tool];
  if (action === "saved") {
    if (output.startsWith("Rewrote ")) return "rewrote";
    if (/already says exactly this; nothing changed/.test(output)) return undefined;
  }
  if (action === "reviewed" && /already \w+; nothing changed/.test(output)) return undefined;
  return action;
}

export function memoryChangesOf(calls: readonly ToolCall[]): MemoryChange[] {
  const changes = new Map<string, MemoryChange>();
  for (const call of calls) {
    const state = call.part.state;
    if (state.status !== "completed") continue;
    const action = actionOf(call.part.tool, state.output);
    if (!action) continue;
    // A save that supersedes names the old entry second: only the first reference is the one saved.
    const refs = [...state.output.matchAll(ENTRY_REF)];
    const touched = action === "saved" || action === "rewrote" ? refs.slice(0, 1) : refs;
    for (const ref of touched) {
      const id = ref[1] ?? "";
      changes.delete(id);
      changes.set(id, { id, title: ref[2] ?? "", action, line: call.line });
    }
  }
  return [...changes.values()];
}
