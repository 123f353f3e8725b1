/**
 * State kept after compaction: for each real session of the corpus, compacted at 50 % and at 90 % of its messages,
 * the share of the user requests, changed files and todo items of the compacted part that the context after the
 * compaction names: the session map (or today's pointer) plus the tail OpenCode keeps. Also the map's size in tokens.
 *
 * The tail is chosen as OpenCode 1.18 chooses it (SessionCompaction.select): whole user turns from the end while they
 * fit `preserve_recent_tokens` (15,000 for a 200k-token model), sized at 4 characters a token of their JSON; when
 * every turn fits, OpenCode compacts them all and keeps no tail. What counts as a request, a changed file and a todo
 * item is what the map's own readers take from the compacted part (synthetic text, tool echoes and commands are not
 * requests); an item is named when its first 50 characters (a file: its path, relative or absolute) appear in the
 * context, whitespace flattened.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildPointer } from "../src/compaction/pointer.js";
import { filesOf } from "../src/compaction/session-map/files.js";
import { estimateTokens, mapLine } from "../src/compaction/session-map/map-text.js";
import type { FactsInput } from "../src/compaction/session-map/map-types.js";
import { requestsOf } from "../src/compaction/session-map/requests.js";
import { buildSessionMap } from "../src/compaction/session-map/session-map.js";
import { todoListOf } from "../src/compaction/session-map/todos.js";
import { toolCallsOf } from "../src/compaction/session-map/tool-calls.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { lastUserRequest } from "../src/transcripts/export/last-user-request.js";
import { createMemorySource, readExportFile } from "../src/transcripts/source/export-file-source.js";
import type { SessionMessage } from "../src/transcripts/source/session-source.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const PRESERVE_RECENT_TOKENS = 15_000;
const KEY_CHARS = 50;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// Beside the checkout, or beside a folder above it (a worktree).
const corpus = [1, 2]
  .map((up) => path.resolve(root, ...Array<string>(up).fill(".."), "shared", "corpus", "opencode-export"))
  .find((dir) => fs.existsSync(dir));
if (!corpus) throw new Error(`the session corpus is missing (expected shared/corpus/opencode-export beside ${root})`);

const loadBefore = loadAverage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-state-"));
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());

const flat = (text: string) => text.replace(/\s+/g, " ");
const key = (text: string) => mapLine(text, KEY_CHARS + 1).replace(/…$/, "");

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/** Where the tail OpenCode keeps starts (messages.length when it keeps none). */
function tailStart(messages: readonly SessionMessage[]): number {
  const starts = messages.flatMap((m, i) => (m.info.role === "user" ? [i] : []));
  let used = 0;
  let start: number | undefined;
  for (let t = starts.length - 1; t >= 0; t--) {
    const from = starts[t] as number;
    const to = starts[t + 1] ?? messages.length;
    const size = JSON.stringify(messages.slice(from, to)).length / 4;
    if (used + size > PRESERVE_RECENT_TOKENS) break;
    used += size;
    start = from;
  }
  return start === undefined || start === 0 ? messages.length : start;
}

interface Items {
  requests: string[];
  files: { shown: string; absolute: string }[];
  todos: string[];
}

function itemsOf(messages: readonly SessionMessage[], directory: string): Items {
  const input: FactsInput = { messages, directory, lines: { message: () => undefined, part: () => undefined } };
  const { task, requests } = requestsOf(input);
  const calls = toolCallsOf(input);
  return {
    requests: [...(task ? [task] : []), ...requests].map((r) => key(r.text)),
    files: filesOf(calls, "").changed.map((f) => ({
      absolute: f.path,
      shown: path.isAbsolute(f.path) && directory ? path.relative(directory, f.path) : f.path,
    })),
    todos: (todoListOf(calls)?.todos ?? []).map((t) => key(t.content)),
  };
}

interface Score {
  named: number;
  total: number;
}
const add = (a: Score, b: Score): Score => ({ named: a.named + b.named, total: a.total + b.total });
const zero = (): Score => ({ named: 0, total: 0 });
const pct = (s: Score) => (s.total === 0 ? "–" : `${((100 * s.named) / s.total).toFixed(0)} % (${s.named}/${s.total})`);

function score(items: Items, context: string): { requests: Score; files: Score; todos: Score } {
  const text = flat(context);
  const count = (keys: string[]) => ({ named: keys.filter((k) => text.includes(k)).length, total: keys.length });
  return {
    requests: count(items.requests),
    files: {
      named: items.files.filter((f) => text.includes(f.shown) || text.includes(f.absolute)).length,
      total: items.files.length,
    },
    todos: count(items.todos),
  };
}

type Totals = Record<"map" | "pointer", { requests: Score; files: Score; todos: Score }>;
const totals: Record<string, Totals> = {};
const mapTokens: number[] = [];
const pointerTokens: number[] = [];
const perSession: (string | number)[][] = [];

for (const file of fs
  .readdirSync(corpus)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const session = readExportFile(path.join(corpus, file));
  for (const share of [50, 90]) {
    const cut = Math.max(1, Math.floor((session.messages.length * share) / 100));
    const prefix = {
      info: { ...session.info, id: `${session.info.id}`.slice(0, 30) },
      messages: session.messages.slice(0, cut),
    };
    const sessionID = `ses_bench${share}${session.info.id.slice(4, 22)}`;
    prefix.info.id = sessionID;
    const exported = await exportTranscript({
      data,
      source: createMemorySource([prefix]),
      sessionID,
      scope: session.info.directory,
    });
    const tail = prefix.messages.slice(tailStart(prefix.messages));
    const head = prefix.messages.slice(0, prefix.messages.length - tail.length);
    const items = itemsOf(head, session.info.directory);
    const tailText = [...strings(tail.map((m) => m.parts))].join("\n");
    const map = buildSessionMap({
      sessionID,
      path: exported.path,
      firstLine: 1,
      lastLine: exported.totalLines,
      messages: exported.messages,
      lines: exported.lines,
      directory: exported.directory,
    });
    const pointer = buildPointer({
      sessionID,
      path: exported.path,
      firstLine: 1,
      lastLine: exported.totalLines,
      lastUserRequest: lastUserRequest(prefix.messages),
    });
    mapTokens.push(estimateTokens(map));
    pointerTokens.push(estimateTokens(pointer));
    const withMap = score(items, `${map}\n${tailText}`);
    const withPointer = score(items, `${pointer}\n${tailText}`);
    totals[share] ??= {
      map: { requests: zero(), files: zero(), todos: zero() },
      pointer: { requests: zero(), files: zero(), todos: zero() },
    };
    const t = totals[share];
    for (const k of ["requests", "files", "todos"] as const) {
      t.map[k] = add(t.map[k], withMap[k]);
      t.pointer[k] = add(t.pointer[k], withPointer[k]);
    }
    perSession.push([
      `${file.split("__")[1]} at ${share} %`,
      `${head.length} of ${cut}`,
      `${pct(withPointer.requests)} → ${pct(withMap.requests)}`,
      `${pct(withPointer.files)} → ${pct(withMap.files)}`,
      `${pct(withPointer.todos)} → ${pct(withMap.todos)}`,
      estimateTokens(map),
    ]);
  }
}
data.database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const summaryRows = (["50", "90"] as const).flatMap((share) => {
  const t = totals[share] as Totals;
  return (["pointer", "map"] as const).map((variant) => [
    `${share} %`,
    variant === "map" ? "session map + tail" : "pointer + tail (before)",
    pct(t[variant].requests),
    pct(t[variant].files),
    pct(t[variant].todos),
  ]);
});
const all = (variant: "map" | "pointer", k: "requests" | "files" | "todos") =>
  add((totals["50"] as Totals)[variant][k], (totals["90"] as Totals)[variant][k]);
const headline = (k: "requests" | "files" | "todos") => `${pct(all("map", k))} vs ${pct(all("pointer", k))}`;

writeFigures("compaction-state", [
  { what: "compacted user requests named afterwards, map vs pointer", value: headline("requests") },
  { what: "compacted changed files named afterwards, map vs pointer", value: headline("files") },
  { what: "compacted todo items named afterwards, map vs pointer", value: headline("todos") },
  {
    what: "session map size (bound 1,000 tokens), median / max",
    value: `${median(mapTokens)} / ${Math.max(...mapTokens)} tokens (pointer: ${median(pointerTokens)})`,
  },
]);
writeSection(
  "compaction-state",
  "State kept after compaction",
  `Load average when the run started: ${loadBefore}.

The ${perSession.length / 2} real sessions of the corpus (\`shared/corpus/opencode-export\`, OpenCode 1.2.5 exports),
each cut after 50 % and after 90 % of its messages and compacted there. The compacted part is what OpenCode 1.18
summarises: everything before the tail it keeps (whole user turns from the end within \`preserve_recent_tokens\`,
15,000 for a 200k-token model; when every turn fits, it keeps none). The figure is the share of the user requests,
changed files and todo items of that compacted part that the context after the compaction names: the session map
(default bound, 1,000 tokens) or the pointer it replaces, plus the tail. A request or todo counts as named when its first
${KEY_CHARS} characters appear in that context, a file when its path does. Sizes are estimated tokens (see
\`src/compaction/session-map/map-text.ts\`); no model is involved and the figures do not vary between runs.

${table(["cut", "context after compaction", "user requests", "changed files", "todo items"], summaryRows)}

Session map size: median ${median(mapTokens)} tokens, largest ${Math.max(...mapTokens)} (the pointer: median
${median(pointerTokens)}). The bound did not bite in these sessions, so the map names every item its readers find; the
figures show what the pointer lost, not how the map degrades (the unit tests in \`test/compaction/session-map/\`
check that, at bounds from 200 to 4,000 tokens).

Per session (pointer → map; "compacted" is how many of the messages before the cut OpenCode compacts):

${table(["session", "compacted", "user requests", "changed files", "todo items", "map tokens"], perSession)}`,
);
