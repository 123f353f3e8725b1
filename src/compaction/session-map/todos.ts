/** The todo list as it stands: what the last successful `todowrite` call set it to (OpenCode keeps no other state). */
import type { Todo, TodoList, TodoStatus } from "./map-types.js";
import { isRecord, type ToolCall } from "./tool-calls.js";

const STATUSES = new Set<TodoStatus>(["pending", "in_progress", "completed", "cancelled"]);

function todosOf(value: unknown): Todo[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const todos: Todo[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.content !== "string") continue;
    const status = typeof item.status === "string" && STATUSES.has(item.status as TodoStatus) ? item.status : "other";
    todos.push({ content: item.content, status: status as TodoStatus });
  }
  return todos;
}

export function todoListOf(calls: readonly ToolCall[]): TodoList | undefined {
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i] as ToolCall;
    if (call.part.tool !== "todowrite" || call.part.state.status !== "completed") continue;
    const todos = todosOf(call.part.state.input.todos);
    if (todos) return { todos, line: call.line };
  }
  return undefined;
}
