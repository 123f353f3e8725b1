/**
 * Recall on public data (`npm run eval:recall`, after the project's own cases): LoCoMo's questions of categories 1-4,
 * each asked verbatim of the ranked search (limit 5, the tool's other defaults) over its conversation's sessions,
 * exported and indexed by the plugin's own code. Scored at turn level (the hit's line is in a turn the evidence names)
 * and at session level (the hit is in a session holding evidence), beside a plain SQLite FTS5 BM25 search over single
 * turns (the question's words OR-ed) in the same run. The data is read from LEDGER_LOCOMO (default
 * `recall-eval/locomo` of the shared folder, ../shared beside the checkout or LEDGER_SHARED): the unpacked
 * `data/locomo10.zip` of snap-research/locomo. LEDGER_LOCOMO_DETAIL names a JSON file to
 * write every question's hits and answer to, to look at what was missed. LEDGER_RANKING_PROFILE: overrides of the
 * ranking's weights to run with (inline JSON or a JSON file, bench/ranking-profile-env.ts); the report names them and
 * no result file is written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext } from "../src/services.js";
import { connect } from "../src/store/driver.js";
import { exportTranscripts } from "../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { searchOver } from "../test/helpers/search-over.js";
import { CATEGORIES, type LocomoConversation, type LocomoQuestion, loadLocomo } from "./locomo-sessions.js";
import { SESSION_HEADING } from "./ranked-text.js";
import { evalProfileOrExit } from "./ranking-profile-env.js";
import { type Figure, loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";
import { sharedDir } from "./shared-dir.js";

const LIMIT = 5;
const ranking = evalProfileOrExit("locomo-eval");
const locomoDir = process.env.LEDGER_LOCOMO ?? path.join(sharedDir(), "recall-eval", "locomo");
if (!fs.existsSync(locomoDir)) {
  console.error(
    `[locomo-eval] the LoCoMo data is missing: ${locomoDir}. Unpack data/locomo10.zip of github.com/snap-research/locomo there, or set LEDGER_LOCOMO to where it is.`,
  );
  process.exit(1);
}
const conversations = loadLocomo(locomoDir);
if (conversations.length === 0) throw new Error(`no LoCoMo conversation with questions under ${locomoDir}`);

/** Where a hit landed: its session, and its turn when the line is in one. */
interface Landing {
  session: string;
  turn: string | undefined;
}

interface Ranks {
  turn: number | undefined;
  session: number | undefined;
}

interface Asked {
  category: number;
  ours: Ranks;
  baseline: Ranks;
  bytes: number;
  hits: number;
}

function ranksOf(landings: readonly Landing[], evidence: readonly string[]): Ranks {
  const sessions = new Set(evidence.map((e) => e.split(":")[0]));
  const turnAt = landings.findIndex((l) => l.turn !== undefined && evidence.includes(l.turn));
  const sessionAt = landings.findIndex((l) => l.turn !== undefined && sessions.has(l.turn.split(":")[0]));
  return { turn: turnAt < 0 ? undefined : turnAt + 1, session: sessionAt < 0 ? undefined : sessionAt + 1 };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-locomo-"));
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
let now = 0;
const search = searchOver(data, { clock: () => now });
const baselineDb = await connect(path.join(dataDir, "baseline.sqlite"), { readonly: false });
baselineDb.exec(
  "CREATE VIRTUAL TABLE turns USING fts5(text, conversation UNINDEXED, turn UNINDEXED, tokenize='porter unicode61')",
);

/** The transcript line ranges of each turn, by session: a turn runs from its message's header to the next one's. */
type TurnLines = Map<string, { from: number; turn: string }[]>;

async function load(conversation: LocomoConversation): Promise<TurnLines> {
  const source = createMemorySource(conversation.sessions.map((s) => s.export));
  const results = await exportTranscripts(
    conversation.sessions.map((s) => ({ data, source, sessionID: s.export.info.id, scope: conversation.directory })),
  );
  const lines: TurnLines = new Map();
  for (const [i, s] of conversation.sessions.entries()) {
    const result = results[i];
    if (!result || result instanceof Error) throw result ?? new Error(`no export of ${s.export.info.id}`);
    const ranges = s.turns.map((t) => ({ from: result.lines.message(t.messageID) ?? Number.NaN, turn: t.id }));
    if (ranges.some((r) => Number.isNaN(r.from))) throw new Error(`a turn of ${s.export.info.id} has no line`);
    lines.set(s.export.info.id, ranges);
    for (const [j, turn] of s.turns.entries()) {
      const text = s.export.messages[j]?.parts.find((p) => p.type === "text");
      if (text?.type === "text")
        baselineDb.run("INSERT INTO turns VALUES (?, ?, ?)", text.text, conversation.name, turn.id);
    }
  }
  return lines;
}

function turnAt(lines: TurnLines, session: string, line: number): string | undefined {
  let turn: string | undefined;
  for (const r of lines.get(session) ?? []) {
    if (r.from > line) break;
    turn = r.turn;
  }
  return turn;
}

/** The plain baseline: the best single turns by FTS5's BM25 for the question's words, any of them. */
function baseline(conversation: LocomoConversation, question: string): Landing[] {
  const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  if (words.length === 0) return [];
  const rows = baselineDb.all<{ turn: string }>(
    "SELECT turn FROM turns WHERE turns MATCH ? AND conversation = ? ORDER BY bm25(turns) LIMIT ?",
    words.map((w) => `"${w}"`).join(" OR "),
    conversation.name,
    LIMIT,
  );
  return rows.map((r) => ({ session: r.turn.split(":")[0] as string, turn: r.turn }));
}

const asked: Asked[] = [];
/** Each question with where its hits landed and the tool's whole answer, for LEDGER_LOCOMO_DETAIL (a JSON file). */
const detailFile = process.env.LEDGER_LOCOMO_DETAIL;
const detail: (LocomoQuestion & { landings: Landing[]; text: string })[] = [];
const started = performance.now();
for (const conversation of conversations) {
  const lines = await load(conversation);
  now = conversation.askedAt;
  for (const q of conversation.questions) {
    const out = await search({
      query: q.question,
      mode: "ranked",
      scope: conversation.directory,
      limit: LIMIT,
      profile: ranking.profile,
    });
    const landings: Landing[] = [];
    // A session's heading (`# ses_… · …`) stands above its hits; a hit's answering line is `<line>: text`.
    let session: string | undefined;
    for (const line of out.text.split("\n")) {
      const header = SESSION_HEADING.exec(line);
      if (header) session = header[1] as string;
      const shown = /^(\d+): /.exec(line);
      if (shown && session) landings.push({ session, turn: turnAt(lines, session, Number(shown[1])) });
    }
    detail.push({ ...q, landings, text: out.text });
    asked.push({
      category: q.category,
      ours: ranksOf(landings, q.evidence),
      baseline: ranksOf(baseline(conversation, q.question), q.evidence),
      bytes: Buffer.byteLength(out.text),
      hits: landings.length,
    });
  }
}
const seconds = (performance.now() - started) / 1000;
if (detailFile) fs.writeFileSync(detailFile, JSON.stringify(detail));

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
function measures(list: readonly Asked[], pick: (a: Asked) => number | undefined) {
  const hit = (k: number) => list.filter((a) => (pick(a) ?? Number.POSITIVE_INFINITY) <= k).length / list.length;
  const mrr = list.reduce((sum, a) => sum + (pick(a) ? 1 / (pick(a) as number) : 0), 0) / list.length;
  return { hit1: hit(1), hit5: hit(LIMIT), mrr };
}
const groups: [string, Asked[]][] = [
  ["all", asked],
  ...Object.entries(CATEGORIES).map(([n, name]): [string, Asked[]] => [
    `${n} ${name}`,
    asked.filter((a) => a.category === Number(n)),
  ]),
];
const rowsOf = (level: "turn" | "session") =>
  groups.flatMap(([name, list]) => {
    const ours = measures(list, (a) => a.ours[level]);
    const base = measures(list, (a) => a.baseline[level]);
    return [
      [name, list.length, "ranked search", pct(ours.hit1), pct(ours.hit5), ours.mrr.toFixed(3)],
      ["", "", "FTS5 BM25, single turns", pct(base.hit1), pct(base.hit5), base.mrr.toFixed(3)],
    ];
  });
const header = ["questions", "n", "search", "hit@1", "hit@5", "MRR@5"];
const bytes = asked.map((a) => a.bytes);
const noHits = asked.filter((a) => a.hits === 0).length;
const session = measures(asked, (a) => a.ours.session);
const turn = measures(asked, (a) => a.ours.turn);
const baseTurn = measures(asked, (a) => a.baseline.turn);
const baseSession = measures(asked, (a) => a.baseline.session);
const sessionCount = conversations.reduce((n, c) => n + c.sessions.length, 0);
const turnCount = conversations.reduce((n, c) => n + c.sessions.reduce((m, s) => m + s.turns.length, 0), 0);

const body = `${ranking.said}

Load average when the run started: ${loadAverage()}.

${asked.length.toLocaleString("en-US")} questions (LoCoMo categories 1-4, those naming their evidence turns) over ${conversations.length} conversations:
${sessionCount} sessions, ${turnCount.toLocaleString("en-US")} turns. Each LoCoMo session is one OpenCode session (speaker A's turns user
messages, speaker B's assistant messages, a shared photo as its caption), exported and indexed by the plugin; each
question is asked verbatim as \`mode: "ranked", limit: ${LIMIT}\` in its conversation's project, at a day after its last session.
A question is found at rank k when the k-th hit's line is in a turn its evidence names (turn level) or in a session
that holds one (session level; the hits as shown, so one session may stand at several ranks). The baseline is one FTS5
table of single turns (porter stemming, as the index), each question's words OR-ed, best ${LIMIT} by \`bm25()\`.

Bytes returned per question (the whole tool result): median ${median(bytes).toLocaleString("en-US")}, p90 ${percentile(bytes, 90).toLocaleString("en-US")}.
Questions answered "No matches": ${noHits}. Asking all of them took ${seconds.toFixed(1)} s.

Turn level:

${table(header, rowsOf("turn"))}

Session level:

${table(header, rowsOf("session"))}
`;
const figures: Figure[] = [
  {
    what: "LoCoMo session level: hit@1 / hit@5 / MRR (ranked; FTS5 baseline)",
    value: `${pct(session.hit1)} / ${pct(session.hit5)} / ${session.mrr.toFixed(3)} (${pct(baseSession.hit1)} / ${pct(baseSession.hit5)} / ${baseSession.mrr.toFixed(3)})`,
    target: "hit@5 >= 90 %, hit@1 >= 75 %",
    met: session.hit5 >= 0.9 && session.hit1 >= 0.75,
  },
  {
    what: "LoCoMo turn level: hit@1 / hit@5 / MRR (ranked; FTS5 baseline)",
    value: `${pct(turn.hit1)} / ${pct(turn.hit5)} / ${turn.mrr.toFixed(3)} (${pct(baseTurn.hit1)} / ${pct(baseTurn.hit5)} / ${baseTurn.mrr.toFixed(3)})`,
    target: "hit@5 ahead of the baseline",
    met: turn.hit5 > baseTurn.hit5,
  },
  {
    what: "LoCoMo bytes returned per question (median)",
    value: `${median(bytes).toLocaleString("en-US")} B at limit ${LIMIT}; ${noHits} "No matches"`,
    target: "<= 2,000 B",
    met: median(bytes) <= 2_000,
  },
];
if (ranking.isDefault) {
  writeSection("locomo-eval", "Recall on LoCoMo: ranked search against plain FTS5", body, {
    result: "locomo-eval",
    command: "npm run eval:recall",
  });
  writeFigures("locomo-eval", figures);
} else console.log(body);
baselineDb.close();
data.searchIndex.close();
data.database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
