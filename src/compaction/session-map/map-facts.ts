/** Everything a session map says, read off the session's messages (no model involved), before any bound applies. */
import { lastFailureOf } from "./failure.js";
import { filesOf } from "./files.js";
import type { FactsInput, SessionFacts } from "./map-types.js";
import { memoryChangesOf } from "./memory-changes.js";
import { requestsOf } from "./requests.js";
import { todoListOf } from "./todos.js";
import { toolCallsOf } from "./tool-calls.js";

export function collectFacts(input: FactsInput): SessionFacts {
  const calls = toolCallsOf(input);
  return {
    ...requestsOf(input),
    todos: todoListOf(calls),
    ...filesOf(calls, input.directory, input.tools),
    failure: lastFailureOf(calls),
    memory: memoryChangesOf(calls),
  };
}
