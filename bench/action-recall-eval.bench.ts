/**
 * The evaluation of the recall at the point of action: the entries and tool calls written down in
 * bench/action-recall-cases.ts, saved into a real store and run through the recall as the plugin wires it, each call in
 * a session of its own. Precision and recall of what is shown, at the default budget and with room for every line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createActionRecall } from "../src/action-recall/action-recall.js";
import { normalizeScopePath, teamScope } from "../src/scope.js";
import { Database } from "../src/store/database.js";
import { createMentionLookup } from "../src/store/memory-mentions.js";
import { createMemoryStore } from "../src/store/memory-store.js";
import type { Actor } from "../src/store/memory-types.js";
import { CALLS, type CaseScope, ENTRIES } from "./action-recall-cases.js";
import { loadAverage, table, writeFigures, writeSection } from "./report.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-recall-eval-"));
const project = path.join(root, "project");
const other = path.join(root, "other");
for (const dir of [project, other]) fs.mkdirSync(dir, { recursive: true });
const projectScope = normalizeScopePath(project);
const scopeOf: Record<CaseScope, string> = {
  project: projectScope,
  team: teamScope(projectScope),
  global: "global",
  other: normalizeScopePath(other),
};

const database = new Database({ dataDir: path.join(root, "data") });
let now = Date.UTC(2026, 0, 1);
const memory = createMemoryStore({ database, clock: () => now++ });
const actor: Actor = { kind: "agent", agent: "build" };
const keyOf = new Map<string, string>();
const idOf = new Map<string, string>();
for (const e of ENTRIES) {
  const saved = await memory.save(
    {
      scope: scopeOf[e.scope],
      kind: e.kind,
      title: e.title,
      body: e.body,
      tags: e.tags,
      status: e.status === "candidate" ? "candidate" : "active",
    },
    actor,
  );
  keyOf.set(saved.entry.id, e.key);
  idOf.set(e.key, saved.entry.id);
}
for (const e of ENTRIES) {
  const id = idOf.get(e.key) as string;
  if (e.status === "rejected") await memory.setStatus(id, { status: "rejected", reason: "wrong" }, { kind: "person" });
}
// The superseded note gives way to the current one on the same file.
await memory.supersede(idOf.get("button-old") as string, idOf.get("button-new") as string, actor);

interface Run {
  tp: number;
  shown: number;
  relevant: number;
  quietRight: number;
  quiet: number;
  rows: (string | number)[][];
}

async function evaluate(maxChars: number): Promise<Run> {
  const recall = createActionRecall({
    lookup: createMentionLookup(database, () => now),
    project: projectScope,
    directory: project,
    maxChars,
    isOptedOut: async () => false,
  });
  const run: Run = { tp: 0, shown: 0, relevant: 0, quietRight: 0, quiet: 0, rows: [] };
  for (const [i, call] of CALLS.entries()) {
    const args = { ...call.args };
    if (args.filePath) args.filePath = path.join(project, args.filePath);
    const text = (await recall.recall({ tool: call.tool, sessionID: `ses_eval${i}`, args })) ?? "";
    const shown = [...text.matchAll(/\[([\w-]+)\]$/gm)].map((m) => keyOf.get(m[1] as string) ?? "?");
    const hits = shown.filter((k) => call.relevant.includes(k));
    run.tp += hits.length;
    run.shown += shown.length;
    run.relevant += call.relevant.length;
    if (call.relevant.length === 0) {
      run.quiet++;
      if (shown.length === 0) run.quietRight++;
    }
    const missed = call.relevant.filter((k) => !shown.includes(k));
    const wrong = shown.filter((k) => !call.relevant.includes(k));
    run.rows.push([
      call.what,
      call.relevant.length,
      shown.length,
      hits.length,
      missed.join(", ") || "",
      wrong.join(", ") || "",
    ]);
  }
  return run;
}

const loadBefore = loadAverage();
const standard = await evaluate(600);
const roomy = await evaluate(4_000);
database.close();
fs.rmSync(root, { recursive: true, force: true });

const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(0)} %`);
const summary = (r: Run) => [
  pct(r.tp, r.shown),
  pct(r.tp, r.relevant),
  `${r.tp} of ${r.shown}`,
  `${r.tp} of ${r.relevant}`,
  `${r.quietRight} of ${r.quiet}`,
];

writeFigures("action-recall-eval", [
  {
    what: `recall at the point of action, ${CALLS.length} written-down tool calls over ${ENTRIES.length} entries: precision / recall at the default budget`,
    value: `${pct(standard.tp, standard.shown)} / ${pct(standard.tp, standard.relevant)} (${standard.quietRight} of ${standard.quiet} calls with nothing to say show nothing)`,
  },
]);

writeSection(
  "action-recall-eval",
  "Recall at the point of action: precision and recall",
  `Load average when the run started: ${loadBefore}. The ${ENTRIES.length} entries and ${CALLS.length} tool calls of
\`bench/action-recall-cases.ts\`, written down by hand: a small TypeScript project's notes (this project's, its team's,
global ones), another project's note on the same path, a rejected, a superseded and a candidate note, and deliberate
distractors (another folder's file of the same name, a module's name used as a plain word). Each call names the
entries that should be shown after it; a call that should show nothing names none. Each call runs in a session of its
own through \`createActionRecall\` over a real store, as the plugin wires it; what it appends is read back by the ids on
its lines. Precision: shown and wanted over shown; recall: shown and wanted over wanted.

${table(
  [
    "budget",
    "precision",
    "recall",
    "shown and wanted / shown",
    "shown and wanted / wanted",
    "calls with nothing to say that show nothing",
  ],
  [
    ["600 characters per turn (the default)", ...summary(standard)],
    ["4,000 characters per turn", ...summary(roomy)],
  ],
)}

Per call at the default budget:

${table(["call", "wanted", "shown", "shown and wanted", "missed", "shown, not wanted"], standard.rows)}`,
);
