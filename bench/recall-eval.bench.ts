/**
 * The recall evaluation (`npm run eval:recall`): labelled cases over the real sessions of the shared corpus
 * (LEDGER_CORPUS, default ../shared/corpus beside the checkout) and generated sessions, each asked of the ranked
 * search and of the literal search (the search as it was before the index) on the same transcripts. For each: the
 * rank of the first answering line (hit@1, hit@5, MRR) and the bytes of the result before that line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import type { SearchMode } from "../src/search/search.js";
import { createDataContext } from "../src/services.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { searchOver } from "../test/helpers/search-over.js";
import { CORPUS_CASES, generatedSessions, OTHER_PROJECT, PROJECT, sourceOf } from "./recall-cases.js";
import { type Scored, score } from "./recall-eval-score.js";
import { type Figure, loadAverage, table, writeFigures, writeSection } from "./report.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.join(
  process.env.LEDGER_CORPUS ?? path.join(here, "..", "..", "shared", "corpus"),
  "opencode-export",
);
if (!fs.existsSync(corpusDir)) throw new Error(`the corpus is missing: ${corpusDir} (set LEDGER_CORPUS)`);
const corpusFiles = fs
  .readdirSync(corpusDir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => path.join(corpusDir, f));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-recall-"));
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
const generated = generatedSessions();
const source = sourceOf(corpusFiles, [...generated.mine, ...generated.other]);
const corpusIds = corpusFiles.map((f) => /(ses_\w+)\.json$/.exec(f)?.[1] as string);
for (const id of [...corpusIds, ...generated.mine.map((s) => s.info.id)]) {
  await exportTranscript({ data, source, sessionID: id, scope: PROJECT });
}
for (const s of generated.other) await exportTranscript({ data, source, sessionID: s.info.id, scope: OTHER_PROJECT });

const search = searchOver(data, { clock: () => Date.parse("2026-03-01T00:00:00Z") });

const cases = [...CORPUS_CASES, ...generated.cases];
const modes: SearchMode[] = ["ranked", "literal"];
const results = new Map<SearchMode, Scored[]>(modes.map((m) => [m, []]));
const rows: (string | number)[][] = [];
for (const c of cases) {
  const row: (string | number)[] = [c.name, c.kind, `\`${c.query.replaceAll("|", "\\|")}\`${c.all ? " (all)" : ""}`];
  for (const mode of modes) {
    // The literal search is given the text without the quotes a ranked query marks a phrase with.
    const query = mode === "literal" ? c.query.replaceAll('"', "") : c.query;
    const out = await search({ query, mode, scope: PROJECT, all: c.all });
    const s = score(out.text, c);
    // A case whose answer must stay out (another project, no `all`) scores as found when it is indeed absent.
    const scored = c.absent ? { ...s, rank: s.rank === undefined ? 1 : undefined } : s;
    results.get(mode)?.push(scored);
    row.push(
      c.absent ? (s.rank === undefined ? "kept out" : "**leaked**") : (s.rank ?? "–"),
      c.absent ? "" : s.rank ? s.bytesBefore.toLocaleString("en-US") : `(${s.bytes.toLocaleString("en-US")})`,
    );
  }
  rows.push(row);
}

function summary(mode: SearchMode) {
  const scored = results.get(mode) ?? [];
  const n = scored.length;
  const hit = (k: number) => scored.filter((s) => s.rank !== undefined && s.rank <= k).length / n;
  const mrr = scored.reduce((sum, s) => sum + (s.rank ? 1 / s.rank : 0), 0) / n;
  const found = cases
    .map((c, i) => ({ c, s: scored[i] as Scored }))
    .filter(({ c, s }) => !c.absent && s.rank !== undefined);
  const bytes = found.map(({ s }) => s.bytesBefore).sort((a, b) => a - b);
  const medianBytes = bytes.length ? (bytes[bytes.length >> 1] as number) : Number.NaN;
  return { hit1: hit(1), hit5: hit(5), mrr, medianBytes, found: found.length };
}
const ranked = summary("ranked");
const literal = summary("literal");
const pct = (x: number) => `${Math.round(x * 100)} %`;
const totals = table(
  ["search", "hit@1", "hit@5", "MRR", "answers found", "bytes before the answer (median of those found)"],
  [
    [
      "ranked (index)",
      pct(ranked.hit1),
      pct(ranked.hit5),
      ranked.mrr.toFixed(2),
      `${ranked.found} of ${cases.filter((c) => !c.absent).length}`,
      Number.isNaN(ranked.medianBytes) ? "–" : ranked.medianBytes.toLocaleString("en-US"),
    ],
    [
      "literal (before)",
      pct(literal.hit1),
      pct(literal.hit5),
      literal.mrr.toFixed(2),
      `${literal.found} of ${cases.filter((c) => !c.absent).length}`,
      Number.isNaN(literal.medianBytes) ? "–" : literal.medianBytes.toLocaleString("en-US"),
    ],
  ],
);
const body = `Load average when the run started: ${loadAverage()}.

${cases.length} labelled cases: ${CORPUS_CASES.length} questions over the ${corpusFiles.length} real sessions of the shared corpus, and
${generated.cases.length} over ${generated.mine.length + generated.other.length} generated sessions (40 of them boilerplate: plans and todo lists),
all in one data folder. Each case is asked of the ranked search (\`mode: "ranked"\`, the default) and of the literal
search (\`mode: "literal"\`, what the search did before the index) with default limits (24,000 bytes). A case is found
at rank k when the k-th match line of the result is its answering line; "bytes before" counts the result's bytes
before that line (in brackets: the whole result, when the answer is not in it). The scope cases check that another
project's session is kept out without \`all\` (counted as a hit when it is) and found with it.

${totals}

${table(["case", "kind", "query", "ranked: rank", "ranked: bytes before", "literal: rank", "literal: bytes before"], rows)}
`;
const figures: Figure[] = [
  {
    what: "recall eval: hit@1 / hit@5 / MRR, ranked vs literal",
    value: `${pct(ranked.hit1)} / ${pct(ranked.hit5)} / ${ranked.mrr.toFixed(2)} vs ${pct(literal.hit1)} / ${pct(literal.hit5)} / ${literal.mrr.toFixed(2)} (${cases.length} cases)`,
  },
  {
    what: "recall eval: bytes returned before the answer (median)",
    value: `${ranked.found === 0 ? "ranked found no answers" : `${ranked.medianBytes.toLocaleString("en-US")} B ranked`}; literal found ${literal.found} answers`,
  },
];
writeSection("recall-eval", "Recall evaluation: ranked against literal search", body, {
  result: "recall-eval",
  command: "npm run eval:recall",
});
writeFigures("recall-eval", figures);
data.searchIndex.close();
data.database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
