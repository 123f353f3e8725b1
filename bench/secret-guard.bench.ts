/**
 * The secret guard runs on every save. Measured against baselines over the same text in the same run:
 * `toLowerCase()` (one pass that touches every character) and the naive single-regex guard that this one replaces
 * (`/sk-[A-Za-z0-9]{20,}/`). Inputs: every string of the real session corpus, one typical entry, and 100 kB hostile
 * bodies.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { redactSecrets } from "../src/secret-guard/redact.js";
import { findSecret } from "../src/secret-guard/secret-guard.js";
import { loadAverage, median, table, timeRuns, writeFigures, writeSection } from "./report.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `shared/` sits beside the checkout, or beside the folder of checkouts when this one is a git worktree.
const corpus =
  [
    path.join(root, "..", "shared", "corpus", "opencode-export"),
    path.join(root, "..", "..", "shared", "corpus", "opencode-export"),
  ].find((dir) => fs.existsSync(dir)) ?? path.join(root, "..", "shared", "corpus", "opencode-export");
if (!fs.existsSync(corpus)) throw new Error(`the session corpus is missing at ${corpus} (shared/ beside the checkout)`);

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}
const corpusStrings = fs
  .readdirSync(corpus)
  .flatMap((f) => [...strings(JSON.parse(fs.readFileSync(path.join(corpus, f), "utf8")))]);
const corpusBytes = corpusStrings.reduce((n, s) => n + s.length, 0);

const entry = [
  "Decision: keep the store on WAL with secure_delete on.",
  "Readers never block the writer; checkpoints run when the agent is idle. Measured 2.1x faster appends.",
  "```ts\nconst db = new Database({ dataDir });\nawait db.write((d) => d.insert(entries).values(row));\n```",
  "password: see the vault; token budget unchanged; commit 3f2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a.",
].join("\n");

const SIZE = 100_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const hostile = ["sk-", "eyJ", "password=", "x-api-key: ", "-----BEGIN ", "x://a:", "Basic "].map(fill);

const naive = /sk-[A-Za-z0-9]{20,}/;
type Input = readonly string[];
// Each returns a count so the engine cannot drop the work.
function guard(texts: Input): number {
  let found = 0;
  for (const t of texts) if (findSecret(t)) found++;
  return found;
}
function lower(texts: Input): number {
  let length = 0;
  for (const t of texts) length += t.toLowerCase().length;
  return length;
}
function naiveGuard(texts: Input): number {
  let found = 0;
  for (const t of texts) if (naive.test(t)) found++;
  return found;
}

// Warm up on every input first: the first row would otherwise measure the engine compiling the guard's patterns and
// tiering its loops up (the same corpus ran a third faster when the redaction rows timed it later in the run).
for (let i = 0; i < 5; i++) for (const texts of [corpusStrings, [entry], hostile]) guard(texts);
const load = loadAverage();
const rows: (string | number)[][] = [];
let corpusFigure = "";
for (const [label, texts, runs] of [
  [`corpus: ${corpusStrings.length} strings, ${(corpusBytes / 1e6).toFixed(1)} MB`, corpusStrings, 15],
  [`one entry (${entry.length} chars) x 1000`, Array.from({ length: 1000 }, () => entry), 15],
  [`hostile: ${hostile.length} bodies of 100 kB`, hostile, 15],
] as const) {
  const g = median(await timeRuns(runs, () => guard(texts)));
  const l = median(await timeRuns(runs, () => lower(texts)));
  const n = median(await timeRuns(runs, () => naiveGuard(texts)));
  const mb = texts.reduce((sum, t) => sum + t.length, 0) / 1e6;
  if (texts === corpusStrings)
    corpusFigure = `${(mb / (g / 1000)).toFixed(0)} MB/s; ${(g / l).toFixed(1)}x the time of toLowerCase() on the same text`;
  rows.push([
    label,
    `${g.toFixed(2)} ms`,
    `${(mb / (g / 1000)).toFixed(0)} MB/s`,
    `${(g / l).toFixed(1)}x`,
    `${(g / n).toFixed(1)}x`,
  ]);
}

// Redaction is what recall pays: a whole result of each tool, made of corpus text (the largest a result can be).
const corpusText = corpusStrings.join("\n");
function redactAll(texts: Input): number {
  let redacted = 0;
  for (const t of texts) redacted += redactSecrets(t).redacted;
  return redacted;
}
const redactRows: (string | number)[][] = [];
let redactFigure = "";
const redactInputs: [string, Input, number][] = [
  [`corpus: ${corpusStrings.length} strings, ${(corpusBytes / 1e6).toFixed(1)} MB`, corpusStrings, 15],
  ["a memory_session_search result (24 kB of corpus text)", [corpusText.slice(0, 24_000)], 51],
  ["a memory_session_read window at its largest (100 kB)", [corpusText.slice(0, 100_000)], 51],
];
for (const [label, texts, runs] of redactInputs) {
  const r = median(await timeRuns(runs, () => redactAll(texts)));
  const g = median(await timeRuns(runs, () => guard(texts)));
  const mb = texts.reduce((sum: number, t) => sum + t.length, 0) / 1e6;
  if (texts.length === 1 && texts[0]?.length === 100_000) redactFigure = `${r.toFixed(2)} ms for a 100 kB window`;
  redactRows.push([label, `${r.toFixed(2)} ms`, `${(mb / (r / 1000)).toFixed(0)} MB/s`, `${(r / g).toFixed(1)}x`]);
}

writeFigures("secret-guard", [
  { what: "secret guard over the real session corpus", value: corpusFigure },
  { what: "redaction of the largest recall result", value: redactFigure },
]);
writeSection(
  "secret-guard",
  "Secret guard",
  `Median of 15 runs under Bun, after five warm-up passes over every input (load average when the run started:
${load}; the machine is shared and absolute figures move with it, ratios much less). Ratios: the guard's time over
\`toLowerCase()\` and over the naive one-regex guard, on the same text in the same run.

${table(["input", "guard (median)", "throughput", "vs toLowerCase", "vs naive /sk-…/ regex"], rows)}

**Redaction** (\`redactSecrets\`: every secret found and replaced, not only the first), what recall pays per result;
ratio against the guard's yes/no answer on the same text.

${table(["input", "redaction (median)", "throughput", "vs the guard"], redactRows)}`,
);
