/**
 * The session map as text, within a token bound. Everything is rendered at generous caps first; while the text is
 * over the bound, the least useful items go first: the memory inventory, the files read most, the todos already done,
 * the older requests, the older changed files, the memory changes, the open todos past the first few, then every
 * free text is cut shorter, and finally only the task, the transcript and the rule remain (cut if even they do not
 * fit). What was left out is counted, so the agent knows to look in the transcript.
 */
import { count, estimateTokens, mapLine, quoted } from "./map-text.js";
import type { FileTouch, SessionFacts, Todo } from "./map-types.js";

export interface MapHeader {
  sessionID: string;
  /** Absolute path of the transcript. */
  path: string;
  firstLine: number;
  lastLine: number;
  /** One line about curated memory; left out when empty. */
  inventory?: string;
}

/** Every map starts with this: a session map is recognised by it (and never copied into a transcript). */
export const MAP_START = "[opencode-ledger] Session map of";
export const MAP_RULE =
  "Every item names its transcript line: open it with memory_session_read or Read. Never guess earlier details: memory_session_search the transcript.";

interface Caps {
  inventory: boolean;
  read: number;
  done: number;
  requests: number;
  changed: number;
  memory: number;
  open: number;
  failure: boolean;
  /** Characters of one free text (a request, a todo, an error). */
  text: number;
}

const GENEROUS: Caps = {
  inventory: true,
  read: 8,
  done: 40,
  requests: 40,
  changed: 40,
  memory: 20,
  open: 60,
  failure: true,
  text: 240,
};

const at = (line: number | undefined) => (line === undefined ? "line unknown" : `line ${line}`);
const isOpen = (todo: Todo) => todo.status !== "completed" && todo.status !== "cancelled";
const STATUS_LABEL: Record<Todo["status"], string> = {
  pending: "pending",
  in_progress: "in progress",
  completed: "done",
  cancelled: "cancelled",
  other: "other",
};

function todoLines(facts: SessionFacts, caps: Caps): string[] {
  const list = facts.todos;
  if (!list || list.todos.length === 0) return [];
  const tally = new Map<string, number>();
  for (const todo of list.todos) tally.set(STATUS_LABEL[todo.status], (tally.get(STATUS_LABEL[todo.status]) ?? 0) + 1);
  const summary = [...tally].map(([label, n]) => `${n} ${label}`).join(", ");
  const open = list.todos.filter(isOpen);
  const done = list.todos.filter((t) => !isOpen(t));
  // In-progress items first: they are what the agent was doing.
  open.sort((a, b) => Number(b.status === "in_progress") - Number(a.status === "in_progress"));
  const shown = [...open.slice(0, caps.open), ...done.slice(0, caps.done)];
  const left = list.todos.length - shown.length;
  return [
    `Todo list (todowrite at ${at(list.line)}): ${summary}`,
    ...shown.map((t) => `- [${STATUS_LABEL[t.status]}] ${mapLine(t.content, caps.text)}`),
    ...(left > 0 ? [`- … ${count(left, "more item")} in that todowrite call`] : []),
  ];
}

function fileLines(title: string, files: readonly FileTouch[], cap: number, verb: string, textMax: number): string[] {
  if (files.length === 0 || cap === 0)
    return files.length > 0 ? [`${title}: ${count(files.length, "file")}, none shown`] : [];
  const shown = files.slice(0, cap);
  const left = files.length - shown.length;
  return [
    `${title}:`,
    ...shown.map((f) => `- ${mapLine(f.path, Math.max(textMax, 120))}: ${count(f.times, verb)}, last at ${at(f.line)}`),
    ...(left > 0 ? [`- … ${count(left, "more file")}`] : []),
  ];
}

function render(header: MapHeader, facts: SessionFacts, caps: Caps): string {
  const lines = [
    `${MAP_START} ${header.sessionID}, built from its messages: the earlier turns are in the transcript, not summarised.`,
    `Transcript: ${header.path} (lines ${header.firstLine}-${header.lastLine}).`,
  ];
  if (facts.task) lines.push(`Task (${at(facts.task.line)}): ${quoted(facts.task.text, caps.text)}`);
  const requests = facts.requests.slice(Math.max(0, facts.requests.length - caps.requests));
  if (facts.requests.length > 0) {
    const left = facts.requests.length - requests.length;
    const omitted = left > 0 ? `; ${count(left, "older one")} left out` : "";
    lines.push(`Requests since, newest last (${requests.length} of ${facts.requests.length}${omitted}):`);
    for (const r of requests) lines.push(`- ${at(r.line)}: ${quoted(r.text, caps.text)}`);
  }
  lines.push(...todoLines(facts, caps));
  lines.push(...fileLines("Changed files, newest first", facts.changed, caps.changed, "change", caps.text));
  if (caps.read > 0) lines.push(...fileLines("Read most", facts.read, caps.read, "read", caps.text));
  if (facts.failure && caps.failure) {
    const f = facts.failure;
    lines.push(`Last failure (${at(f.line)}): ${mapLine(f.call, caps.text)} -> ${mapLine(f.error, caps.text)}`);
  }
  if (facts.memory.length > 0) {
    const shown = facts.memory.slice(Math.max(0, facts.memory.length - caps.memory));
    const left = facts.memory.length - shown.length;
    lines.push(`Memory saved or changed in this session${left > 0 ? ` (${left} older left out)` : ""}:`);
    for (const m of shown)
      lines.push(`- [${mapLine(m.id, 64)}] ${quoted(m.title, caps.text)}: ${m.action} at ${at(m.line)}`);
  }
  lines.push(MAP_RULE);
  if (caps.inventory && header.inventory) lines.push(mapLine(header.inventory, 160));
  return lines.join("\n");
}

const fewer = (n: number, floor: number) => Math.max(floor, n - Math.max(1, Math.ceil(n / 4)));

/** The reductions in the order they are tried; each returns undefined once it can take nothing more away. */
const STEPS: ((c: Caps) => Caps | undefined)[] = [
  (c) => (c.inventory ? { ...c, inventory: false } : undefined),
  (c) => (c.read > 0 ? { ...c, read: fewer(c.read, 0) } : undefined),
  (c) => (c.done > 0 ? { ...c, done: fewer(c.done, 0) } : undefined),
  (c) => (c.requests > 3 ? { ...c, requests: fewer(c.requests, 3) } : undefined),
  (c) => (c.changed > 5 ? { ...c, changed: fewer(c.changed, 5) } : undefined),
  (c) => (c.memory > 3 ? { ...c, memory: fewer(c.memory, 3) } : undefined),
  (c) => (c.open > 5 ? { ...c, open: fewer(c.open, 5) } : undefined),
  (c) => (c.text > 80 ? { ...c, text: fewer(c.text, 80) } : undefined),
  (c) => (c.requests > 0 ? { ...c, requests: fewer(c.requests, 0) } : undefined),
  (c) => (c.memory > 0 ? { ...c, memory: fewer(c.memory, 0) } : undefined),
  (c) => (c.changed > 0 ? { ...c, changed: fewer(c.changed, 0) } : undefined),
  (c) => (c.open > 0 ? { ...c, open: fewer(c.open, 0) } : undefined),
  (c) => (c.failure ? { ...c, failure: false } : undefined),
  (c) => (c.text > 40 ? { ...c, text: fewer(c.text, 40) } : undefined),
];

/** The map of `facts` in at most `maxTokens` (estimated from above, see map-text.ts). */
export function renderSessionMap(header: MapHeader, facts: SessionFacts, maxTokens: number): string {
  let caps: Caps = GENEROUS;
  let text = render(header, facts, caps);
  for (const step of STEPS) {
    for (let next = step(caps); next && estimateTokens(text) > maxTokens; next = step(caps)) {
      caps = next;
      text = render(header, facts, caps);
    }
    if (estimateTokens(text) <= maxTokens) return text;
  }
  return cutToTokens(text, maxTokens);
}

/** The head of `text` that fits `maxTokens`, ending in an ellipsis (only a huge transcript path gets here). */
function cutToTokens(text: string, maxTokens: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (estimateTokens(`${text.slice(0, mid)}…`) <= maxTokens) low = mid;
    else high = mid - 1;
  }
  let end = low;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
