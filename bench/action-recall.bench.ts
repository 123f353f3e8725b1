/**
 * What the recall at the point of action adds to a tool call, at 10,000 and 100,000 entries, in the runtime that
 * loads the plugin (bun:sqlite): an edit as OpenCode's tool does it at its core (read the file, replace a string,
 * write it back) followed by the plugin's `tool.execute.after` without the recall (the host-read redaction), against
 * the same call with the recall after it. The recall's own time per call, p50 and p95, and the ratio of the two calls.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createActionRecallHooks } from "../src/action-recall/action-recall-hooks.js";
import { Database } from "../src/store/database.js";
import { createMentionLookup } from "../src/store/memory-mentions.js";
import { cleanFields } from "../src/store/memory-validate.js";
import { entries } from "../src/store/schema.js";
import { createHostReadRedaction } from "../src/transcripts/host-reads.js";
import { loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";

const SYLLABLES = "ka lo mi ne ru ta vo si de pa gu fe zo bi".split(" ");
const WORDS = Array.from({ length: 2_000 }, (_, i) => {
  let w = "";
  for (let n = i + 14; n > 0; n = Math.floor(n / 14)) w += SYLLABLES[n % 14];
  return w;
});
const FOLDERS = WORDS.slice(0, 50);
const GIT = ["push", "rebase", "commit", "stash", "tag", "reset"];

/** A deterministic pseudo-random sequence (mulberry32), so every run measures the same store and calls. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const pick = <T>(r: () => number, from: readonly T[]): T => from[Math.floor(r() * from.length)] as T;
const words = (r: () => number, n: number) => Array.from({ length: n }, () => pick(r, WORDS)).join(" ");
const filePath = (r: () => number) => `src/${pick(r, FOLDERS)}/${pick(r, WORDS)}.ts`;

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-recall-"));
const PROJECT = path.join(ROOT, "project");
fs.mkdirSync(PROJECT, { recursive: true });

/**
 * Entries of 40 words; three in ten name a file `src/<folder>/<module>.ts` (50 folders, 2,000 modules: `src` and `ts`
 * are in a third of the store, a given path in a few entries), one in ten a git command, one in ten tags a module.
 */
async function storeOf(size: number) {
  const dir = fs.mkdtempSync(path.join(ROOT, "store-"));
  const database = new Database({ dataDir: dir });
  const r = random(size);
  let now = Date.UTC(2025, 0, 1);
  await database.write((db) => {
    for (let i = 0; i < size; i++) {
      const roll = r();
      const mention = roll < 0.3 ? ` ${filePath(r)} ` : roll < 0.4 ? ` git ${pick(r, GIT)} ` : " ";
      const tags = r() < 0.1 ? [pick(r, WORDS)] : [];
      const fields = cleanFields(
        { kind: "gotcha", title: `note ${i} ${words(r, 3)}`, body: `${words(r, 20)}${mention}${words(r, 20)}`, tags },
        now,
      );
      const at = now++;
      db.insert(entries)
        .values({
          id: `mem_bench${i}`,
          scope: i % 4 === 0 ? "global" : PROJECT,
          kind: fields.kind,
          title: fields.title,
          body: fields.body,
          tags: JSON.stringify(fields.tags ?? []),
          status: "active",
          createdAt: at,
          updatedAt: at,
        })
        .run();
    }
  });
  return { dir, database, clock: () => now };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const SIZES = (process.env.BENCH_RECALL_SIZES ?? "10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RECALL_RUNS ?? 1_000);
const ms = (v: number) => v.toFixed(3);
const loadBefore = loadAverage();
const redact = createHostReadRedaction({ dataDir: path.join(ROOT, "data"), directory: PROJECT });
const target = path.join(PROJECT, "file.ts");

/** The calls: edits of files the store names (and many it does not), and git commands, in a fixed order. */
function callsOf(n: number): { tool: string; args: Record<string, string> }[] {
  const r = random(7);
  return Array.from({ length: n }, (_, i): { tool: string; args: Record<string, string> } =>
    i % 5 === 4
      ? { tool: "bash", args: { command: `git ${pick(r, GIT)} origin main` } }
      : { tool: "edit", args: { filePath: path.join(PROJECT, filePath(r)), oldString: "a", newString: "b" } },
  );
}

/** What OpenCode's edit does at its core: the file read, the string replaced, the file written. */
function editOnce(i: number): { title: string; output: string; metadata: unknown } {
  const text = fs.readFileSync(target, "utf8");
  fs.writeFileSync(target, text.replace(/value = \d+/, `value = ${i}`));
  return { title: "file.ts", output: "Edit applied successfully.", metadata: {} };
}

const rows: (string | number)[][] = [];
const figures: { size: number; added95: number; added50: number; ratio50: number; ratio95: number }[] = [];
let surfaced = "";
for (const size of SIZES) {
  console.error(`[action-recall] building a store of ${size.toLocaleString("en-US")} entries…`);
  const { dir, database, clock } = await storeOf(size);
  fs.writeFileSync(target, "export const value = 0;\n");
  const hooks = createActionRecallHooks({
    lookup: createMentionLookup(database, clock),
    project: PROJECT,
    directory: PROJECT,
    maxChars: 600,
    isOptedOut: async () => false,
  });
  const calls = callsOf(RUNS);
  // Warm: the connection opened, the statement prepared, the code loaded.
  for (const call of calls.slice(0, 50)) await hooks.afterTool({ ...call, sessionID: "ses_warm" }, editOnce(0));
  const without: number[] = [];
  const withRecall: number[] = [];
  const added: number[] = [];
  const addedCpu: number[] = [];
  let shown = 0;
  let chars = 0;
  for (const [i, call] of calls.entries()) {
    // Each call in its own session, so that nothing is skipped as shown already: the recall does all its work.
    const input = { ...call, sessionID: `ses_bench${i}` };
    let start = performance.now();
    const plain = editOnce(i);
    await redact(input, plain);
    without.push(performance.now() - start);

    start = performance.now();
    const result = editOnce(i);
    await redact(input, result);
    const [recallStart, recallCpu] = [performance.now(), cpuMs()];
    await hooks.afterTool(input, result);
    const end = performance.now();
    addedCpu.push(cpuMs() - recallCpu);
    added.push(end - recallStart);
    withRecall.push(end - start);
    const appended = result.output.length - plain.output.length;
    if (appended > 0) {
      shown++;
      chars += appended;
      if (!surfaced && call.tool === "edit") surfaced = result.output;
    }
  }
  const [w50, w95, r50, r95] = [
    median(without),
    percentile(without, 95),
    median(withRecall),
    percentile(withRecall, 95),
  ];
  const [a50, a95] = [median(added), percentile(added, 95)];
  rows.push([
    size.toLocaleString("en-US"),
    ms(w50),
    ms(w95),
    ms(r50),
    ms(r95),
    ms(a50),
    ms(a95),
    ms(median(addedCpu)),
    ms(percentile(addedCpu, 95)),
    (r50 / w50).toFixed(2),
    (r95 / w95).toFixed(2),
    `${shown} of ${RUNS}`,
    shown > 0 ? Math.round(chars / shown) : 0,
  ]);
  figures.push({ size, added50: a50, added95: a95, ratio50: r50 / w50, ratio95: r95 / w95 });
  database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
fs.rmSync(ROOT, { recursive: true, force: true });

const largest = figures.at(-1);
if (largest) {
  writeFigures("action-recall", [
    {
      what: `recall at the point of action at ${largest.size.toLocaleString("en-US")} entries, added time per tool call p50 / p95`,
      value: `${ms(largest.added50)} / ${ms(largest.added95)} ms (the call with it / without it: ${largest.ratio50.toFixed(2)}x / ${largest.ratio95.toFixed(2)}x)`,
      target: "p95 < 2 ms",
      met: largest.added95 < 2,
    },
  ]);
}

writeSection(
  "action-recall",
  "Recall at the point of action: cost per tool call",
  `Load average when the run started: ${loadBefore}. bun:sqlite, WAL, store in the system temp folder. Entries are 40
made-up words (a vocabulary of 2,000); three in ten name a file \`src/<folder>/<module>.ts\` (50 folders, 2,000
modules, so \`src\` and \`ts\` are words of a third of the store and one path is named by a few entries), one in ten a
git command, one in ten has a module as its tag; a quarter are global. ${RUNS.toLocaleString("en-US")} tool calls per
size, four edits of such files for one \`git <subcommand>\`, each in a session of its own so that no entry is skipped as
shown already, all timed in turn; ms.

_without_ is the tool call without the recall: what OpenCode's edit does at its core (the file read, a string
replaced, the file written) and the plugin's \`tool.execute.after\` as it is without the recall (the host-read
redaction). _with_ is the same call followed by the recall (\`createActionRecallHooks\`: the subjects of the call, one
FTS5 query of quoted phrases over the project, team and global scopes, active entries only, the check of each entry's
text, the lines laid out within the 600-character budget and redacted). _recall_ is the recall's own time in that
call, wall and CPU. The ratios are _with_ over _without_.

${table(
  [
    "entries",
    "without p50",
    "without p95",
    "with p50",
    "with p95",
    "recall p50",
    "recall p95",
    "recall CPU p50",
    "recall CPU p95",
    "with / without p50",
    "with / without p95",
    "calls with lines",
    "chars appended (mean)",
  ],
  rows,
)}

What one edit's result became (the largest store):

\`\`\`text
${surfaced.trim()}
\`\`\``,
);
