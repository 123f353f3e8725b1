/**
 * What the coding-session recall evaluation reports: its section (tables of ours against the baseline, per set, per
 * kind and per place), its headline figures, and the details a tuning run prints. Held-out questions appear only in
 * aggregate, never one by one.
 */
import path from "node:path";
import type { ExportedSession } from "./coding-recall-corpus.js";
import { type CodingQuestion, KINDS, linesHolding, PLACES } from "./coding-recall-questions.js";
import {
  type Measures,
  MISS_PLACES,
  type MissPlace,
  measure,
  type Reach,
  type Scored,
  type ShownHit,
  wilson,
} from "./coding-recall-score.js";
import { type Figure, median, table } from "./report.js";

/** One way of asking (project-wide, or with the session named): ours, and the baseline whole and cut to our bytes. */
export interface Setting {
  ours: Scored;
  full: Scored;
  cut: Scored;
  /** Where the answer stood when ours did not show it among its hits. */
  miss?: MissPlace;
}

export interface AskedQuestion {
  question: CodingQuestion;
  /** The first hit of ours, project-wide (for the details). */
  firstHit: ShownHit | undefined;
  /** The most of the question's terms a message holding a needle holds (the ranked search's terms and matching). */
  shared: number;
  /**
   * The question asked again with the first hit's session named, when the first call (project-wide) showed no needle:
   * what the tool's description tells the agent to do next. Undefined when the first call answered or had no hit.
   */
  again?: Scored;
  /**
   * The question asked project-wide at the tool's default limit (`EvalRun.defaultLimit`), as an agent that names no
   * limit asks it: the rank among those hits and the bytes. Undefined in a quick run.
   */
  atDefault?: Scored;
  /** How deep the answer's unit and message stand among the first `EvalRun.deep` hits project-wide. */
  reach?: Reach;
  wide: Setting;
  /** Undefined in a quick run. */
  named: Setting | undefined;
}

export interface EvalRun {
  asked: AskedQuestion[];
  /** The tool's default limit of a ranked search, which `atDefault` was asked at. */
  defaultLimit?: number;
  /** opencode-lore's questions, session named, among all the sessions (empty in a quick run). */
  loreShared: Scored[];
  /** The same in a project of opencode-lore's two sessions alone, as its evaluation is published. */
  loreAlone: Scored[];
  sessions: number;
  files: string[];
  load: string;
  limit: number;
  /** The hits asked for to measure `reach`. */
  deep?: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const bytes = (x: number) => (Number.isNaN(x) ? "–" : Math.round(x).toLocaleString("en-US"));
const SEARCHES = [
  ["ours (ranked)", "ours"],
  ["FTS5 BM25, full messages", "full"],
  ["FTS5 BM25, cut to our bytes", "cut"],
] as const;
/** Which search of a setting a measure reads. */
type Search = (typeof SEARCHES)[number][1];
const WHERE = [
  ["project-wide", "wide"],
  ["session named", "named"],
] as const;

const tune = (asked: readonly AskedQuestion[]) => asked.filter((a) => !a.question.heldOut);
const held = (asked: readonly AskedQuestion[]) => asked.filter((a) => a.question.heldOut);

function scoredOf(list: readonly AskedQuestion[], where: "wide" | "named", search: Search): Scored[] {
  return list.flatMap((a) => (a[where] ? [a[where][search]] : []));
}

/** A share's 95 % interval (wilson), as `29.1-49.4 %`. */
const interval = (share: number, n: number) => {
  const [low, high] = wilson(share, n);
  return `${(low * 100).toFixed(1)}-${(high * 100).toFixed(1)} %`;
};

const measureRow = (m: Measures) => [
  m.n,
  pct(m.hit1),
  pct(m.hit5),
  interval(m.hit5, m.n),
  m.mrr.toFixed(3),
  bytes(m.medianBytes),
  bytes(m.p90Bytes),
];

function mainTable(sets: readonly [string, AskedQuestion[]][]): string {
  const rows: (string | number)[][] = [];
  for (const [set, list] of sets) {
    for (const [whereName, where] of WHERE) {
      for (const [searchName, search] of SEARCHES) {
        const scored = scoredOf(list, where, search);
        if (scored.length === 0) continue;
        rows.push([set, whereName, searchName, ...measureRow(measure(scored))]);
      }
    }
  }
  return table(
    ["set", "asked", "search", "n", "hit@1", "hit@5", "hit@5, 95 % interval", "MRR", "bytes (median)", "bytes (p90)"],
    rows,
  );
}

/** hit@5 of one search over `list`, asked one way ("–" when none was asked so). */
function h5(list: readonly AskedQuestion[], where: "wide" | "named", search: Search): string {
  const scored = scoredOf(list, where, search);
  return scored.length ? pct(measure(scored).hit5) : "–";
}

/** One column of a table of question groups: its header and its figure for a group's questions. */
type GroupColumn = [header: string, figure: (group: readonly AskedQuestion[]) => string];

/** One row per group of questions that holds any (its name, how many, then each column's figure). */
function groupsTable(first: string, groups: [string, AskedQuestion[]][], columns: readonly GroupColumn[]): string {
  return table(
    [first, "n", ...columns.map(([header]) => header)],
    groups
      .filter(([, l]) => l.length > 0)
      .map(([name, l]) => [name, l.length, ...columns.map(([, figure]) => figure(l))]),
  );
}

/** hit@5 (hit@1 for ours project-wide) per kind and per place, for one set. */
function groupTable(list: readonly AskedQuestion[]): string {
  const groups: [string, AskedQuestion[]][] = [
    ...KINDS.map((k): [string, AskedQuestion[]] => [`kind: ${k}`, list.filter((a) => a.question.kind === k)]),
    ...PLACES.map((p): [string, AskedQuestion[]] => [`place: ${p}`, list.filter((a) => a.question.place === p)]),
  ];
  return groupsTable("questions", groups, [
    ["ours hit@1, project-wide", (l) => pct(measure(scoredOf(l, "wide", "ours")).hit1)],
    ["ours hit@5, project-wide", (l) => h5(l, "wide", "ours")],
    ["FTS5 full hit@5", (l) => h5(l, "wide", "full")],
    ["FTS5 cut hit@5", (l) => h5(l, "wide", "cut")],
    ["ours hit@5, session named", (l) => h5(l, "named", "ours")],
    ["FTS5 cut hit@5, session named", (l) => h5(l, "named", "cut")],
  ]);
}

const MISS_NAMES: Record<MissPlace, string> = {
  unit: "in a hit's unit, another of its lines shown",
  message: "in a hit's message, another unit of it shown",
  session: "in a hit's session, another message shown",
  elsewhere: "in a session no hit was in",
};

/** Where the answers ours did not show stood against its hits, project-wide and with the session named. */
function missTable(list: readonly AskedQuestion[]): string {
  const count = (where: "wide" | "named", place: MissPlace) =>
    list.filter((a) => a[where]?.ours.rank === undefined && a[where]?.miss === place).length;
  return table(
    ["the answering line stood", "project-wide", "session named"],
    MISS_PLACES.map((p) => [MISS_NAMES[p], count("wide", p), list.some((a) => a.named) ? count("named", p) : "–"]),
  );
}

/** Ranks the reach table counts within: the limit the targets are set at, and deeper. */
const REACH_RANKS = [1, 5, 10, 20, 50] as const;

/**
 * How many questions have the answer's unit, and its message, among the first r hits project-wide, beside how many
 * showed a needle at the evaluation's limit: how far the ranking carries the answer, apart from the lines each hit shows.
 */
function reachTable(list: readonly AskedQuestion[], run: EvalRun): string {
  const { deep, limit } = run;
  if (deep === undefined || !list.some((a) => a.reach)) return "";
  const within = (r: number, of: keyof Reach) =>
    list.filter((a) => (a.reach?.[of] ?? Number.POSITIVE_INFINITY) <= r).length;
  const rows = REACH_RANKS.filter((r) => r <= deep).map((r) => [`first ${r}`, within(r, "unit"), within(r, "message")]);
  const shown = scoredOf(list, "wide", "ours").filter((s) => s.rank !== undefined).length;
  return `How deep the answer stands, questions to tune on, project-wide: each asked again for ${deep} hits, the rank of the
first hit whose unit holds an answering line and of the first whose message holds one, whatever lines each hit shows
(at limit ${limit}, ${shown} of ${list.length} showed a needle). Between the answer's message among the first ${limit} and a needle
shown lie the lines each hit shows; an answer whose message is not among the ${deep} is beyond the ranking's reach.

${table(["among the hits", "the answer's unit", "the answer's message"], rows)}
`;
}

/** The questions by how many of their terms the answering message holds: the words a lexical search has to go on. */
function sharedTable(list: readonly AskedQuestion[]): string {
  const holding = (name: string, holds: (n: number) => boolean): [string, AskedQuestion[]] => [
    name,
    list.filter((a) => holds(a.shared)),
  ];
  return groupsTable(
    "question's terms in the answering message",
    [
      holding("0-1", (n) => n <= 1),
      holding("2", (n) => n === 2),
      holding("3-4", (n) => n >= 3 && n <= 4),
      holding("5 or more", (n) => n >= 5),
    ],
    [
      ["ours hit@5, project-wide", (l) => h5(l, "wide", "ours")],
      ["FTS5 full hit@5", (l) => h5(l, "wide", "full")],
      ["ours hit@5, session named", (l) => h5(l, "named", "ours")],
      ["FTS5 full hit@5, session named", (l) => h5(l, "named", "full")],
    ],
  );
}

/**
 * Which questions ours and the whole-message baseline each answered among the hits they gave, project-wide and with the
 * session named: how far the two searches find different answers (what a fusion of them could gain at most).
 */
function overlapTable(list: readonly AskedQuestion[]): string {
  const answered = (s: Scored | undefined) => s?.rank !== undefined;
  const rows: [string, (ours: boolean, full: boolean) => boolean][] = [
    ["both", (o, f) => o && f],
    ["ours only", (o, f) => o && !f],
    ["FTS5 full messages only", (o, f) => !o && f],
    ["neither", (o, f) => !o && !f],
  ];
  const count = (where: "wide" | "named", holds: (ours: boolean, full: boolean) => boolean) =>
    list.some((a) => a[where])
      ? list.filter((a) => a[where] && holds(answered(a[where]?.ours), answered(a[where]?.full))).length
      : "–";
  return table(
    ["answered by", "project-wide", "session named"],
    rows.map(([name, holds]) => [name, count("wide", holds), count("named", holds)]),
  );
}

/**
 * hit@5 of ours and of the whole-message baseline, project-wide, on the questions to tune on split in two halves
 * (alternate questions, in the files' order): a change to the ranking that gains on one half only is likely noise.
 */
function halvesLine(list: readonly AskedQuestion[]): string {
  const halves = [list.filter((_, i) => i % 2 === 0), list.filter((_, i) => i % 2 === 1)];
  const both = (search: Search) => halves.map((l) => h5(l, "wide", search)).join(" and ");
  return `The questions to tune on in two halves (alternate questions, ${halves[0]?.length} and ${halves[1]?.length}), project-wide
hit@5: ours ${both("ours")}, FTS5 full messages ${both("full")}. A change that gains on one half only is likely noise.`;
}

/**
 * hit@5 of ours and of the whole-message baseline, project-wide, on the questions to tune on of each question file:
 * a file written after the ranking was tuned on the others, by people who had not seen its results, tells how far
 * the tuning carries over to questions it never saw.
 */
function byFileLine(list: readonly AskedQuestion[]): string {
  const files = [...new Set(list.map((a) => a.question.file ?? "?"))].sort();
  const said = files.map((file) => {
    const these = list.filter((a) => (a.question.file ?? "?") === file);
    return `\`${file}\` (${these.length}) ours ${h5(these, "wide", "ours")}, FTS5 full ${h5(these, "wide", "full")}`;
  });
  return `The questions to tune on by file, project-wide hit@5: ${said.join("; ")}.`;
}

/**
 * Each question's first call (project-wide) and the second its tool's description suggests, taken as one: answered at
 * rank 1 when either showed a needle, with the bytes of both.
 */
const twoCalls = (list: readonly AskedQuestion[]): Scored[] =>
  list.map((a) => ({
    rank: a.wide.ours.rank !== undefined || a.again?.rank !== undefined ? 1 : undefined,
    bytes: a.wide.ours.bytes + (a.again?.bytes ?? 0),
  }));

function againLine(t: readonly AskedQuestion[], h: readonly AskedQuestion[]): string {
  const said = (name: string, list: readonly AskedQuestion[]) => {
    const both = twoCalls(list);
    const m = measure(both);
    return `${name} ${shownOf(both, 1)} of ${m.n} (${pct(m.hit1)}, bytes of the calls made: median ${bytes(m.medianBytes)}, p90 ${bytes(m.p90Bytes)})`;
  };
  return `A second call where the first (project-wide) showed no needle: the question asked again with the first hit's
session named, as the tool's description tells the agent to. Answered within the two calls: ${said("to tune on", t)}${h.length > 0 ? `; ${said("held out", h)}` : ""}.`;
}

/** The questions asked at the tool's default limit: among its first five hits, among them all, and the bytes. */
function defaultLine(run: EvalRun, t: readonly AskedQuestion[], h: readonly AskedQuestion[]): string {
  const limit = run.defaultLimit;
  const said = (name: string, list: readonly AskedQuestion[]) => {
    const scored = list.flatMap((a) => (a.atDefault ? [a.atDefault] : []));
    const m = measure(scored);
    return `${name} ${shownOf(scored, 5)} of ${m.n} among the first five hits, ${shownOf(scored, limit ?? 0)} among the ${limit} (median ${bytes(m.medianBytes)} B, p90 ${bytes(m.p90Bytes)})`;
  };
  if (limit === undefined || !t.some((a) => a.atDefault)) return "";
  return `\nThe questions asked project-wide at the tool's default limit (${limit}), as an agent that names no limit asks them: ${said("to tune on", t)}${h.some((a) => a.atDefault) ? `; ${said("held out", h)}` : ""}.\n`;
}

const shownOf = (scored: readonly Scored[], limit: number) =>
  scored.filter((s) => s.rank !== undefined && s.rank <= limit).length;

function loreLine(run: EvalRun): string {
  if (run.loreAlone.length === 0) return "opencode-lore's questions: not asked (quick run).";
  const alone = measure(run.loreAlone);
  const among = measure(run.loreShared);
  const n = run.loreAlone.length;
  return `opencode-lore's ${n} published questions (\`recall-eval/lore/\`), asked verbatim with the session named, limit ${run.limit}:
in a project of its two sessions alone, as published, a needle shown for **${shownOf(run.loreAlone, run.limit)} of ${n}** (hit@1 ${pct(alone.hit1)},
MRR ${alone.mrr.toFixed(3)}), median ${bytes(alone.medianBytes)} bytes per question; among the ${run.sessions} sessions above, ${shownOf(run.loreShared, run.limit)} of ${n}
(hit@1 ${pct(among.hit1)}), median ${bytes(among.medianBytes)} bytes.`;
}

export function reportBody(run: EvalRun): string {
  const t = tune(run.asked);
  const h = held(run.asked);
  const sessions = new Set(run.asked.map((a) => a.question.session)).size;
  const fileNames = run.files.map((f) => `\`${path.basename(f)}\``).join(", ");
  return `Load average when the run started: ${run.load}.

${run.asked.length} questions (${fileNames || "no question files"} in bench/coding-recall/) about ${sessions} of ${run.sessions} real coding
sessions written by other people (the OpenCode exports of the shared corpus, sessions of other projects and agents
converted to OpenCode exports with their tool calls and outputs, and opencode-lore's two), all exported by the plugin
into one project. The questions were written by people reading the transcripts, in their own words, without seeing
what the search shows: those of the first three files before any tuning, those of \`questions-d.json\` after the
ranking had been tuned on them (how far the tuning carries over: see the figures by file below). Each names one to
three needles: 6-40 characters of the line that answers it. A third is held out: never tuned on, and reported here
only in aggregate (${t.length} to tune on, ${h.length} held out).

Each question is asked verbatim through the search \`memory_session_search\` calls, as the tool asks it by default
(\`mode: "ranked"\`, context and byte budget at their defaults) at limit ${run.limit} (the tool's default is 10), project-wide and
with its session named (\`sessionID\`), a day after the newest session. Scored at line level:
answered at rank r when the r-th hit is in the question's session and a line it shows holds a needle. Bytes are the
whole tool result. The baseline is one in-memory SQLite FTS5 table (porter unicode61) with a row per message, the
whole message as the transcript renders it (text, tool calls and outputs), the question's words OR-ed, best ${run.limit}
by \`bm25()\`; answered at rank r when message r, as shown, holds a needle: whole ("full"), or the messages in order
cut to the bytes ours returned for that question ("cut to our bytes"). Each hit@5 has its 95 % interval (Wilson's):
on so few questions a share is known to several points either way, so one or two answers more or less is chance.

${mainTable([
  ["tune", t],
  ["held out", h],
])}

Per kind and per place, questions to tune on:

${groupTable(t)}

Where the answering line stood when ours did not show it, questions to tune on (a hit's unit is the text part, call or
output the index scored; its message, the message it is in):

${missTable(t)}

${reachTable(t, run)}
The questions to tune on by how many of their terms (the ranked search's, matched as it matches them, other endings
included) the message holding the answering line holds: a question in other words than its answer leaves a lexical
search little to go on.

${sharedTable(t)}

The questions to tune on by which search showed their answer among its hits:

${overlapTable(t)}

${halvesLine(t)}

${byFileLine(t)}

${againLine(t, h)}
${defaultLine(run, t, h)}
${h.length > 0 ? `Per kind and per place, held-out questions:\n\n${groupTable(h)}\n` : "Held-out questions: not asked (quick run).\n"}
${loreLine(run)}
`;
}

export function reportFigures(run: EvalRun): Figure[] {
  const h = held(run.asked);
  const t = tune(run.asked);
  const triple = (m: Measures) => `${pct(m.hit1)} / ${pct(m.hit5)} / ${m.mrr.toFixed(3)}`;
  const figures: Figure[] = [];
  if (h.length > 0) {
    const ours = measure(scoredOf(h, "wide", "ours"));
    const cut = measure(scoredOf(h, "wide", "cut"));
    figures.push({
      what: "coding recall, held out, project-wide: hit@1 / hit@5 / MRR (FTS5 cut to our bytes)",
      value: `${triple(ours)} (${triple(cut)}), ${h.length} questions`,
      target: "hit@5 >= 80 % and >= 1.5x the baseline at the same bytes",
      met: ours.hit5 >= 0.8 && ours.hit5 >= 1.5 * cut.hit5,
    });
    const both = twoCalls(h);
    const again = measure(both);
    figures.push({
      what: "coding recall, held out: answered within a second call in the first hit's session (as the tool suggests)",
      value: `${pct(again.hit1)} (${shownOf(both, 1)} of ${again.n}), median ${bytes(again.medianBytes)} B for the calls made`,
    });
    const named = scoredOf(h, "named", "ours");
    if (named.length > 0) {
      figures.push({
        what: "coding recall, held out, session named: hit@1 / hit@5 / MRR",
        value: triple(measure(named)),
      });
    }
  }
  if (t.length > 0) {
    figures.push({
      what: "coding recall, tune set, project-wide: hit@1 / hit@5 / MRR (FTS5 cut to our bytes)",
      value: `${triple(measure(scoredOf(t, "wide", "ours")))} (${triple(measure(scoredOf(t, "wide", "cut")))}), ${t.length} questions`,
    });
  }
  const atDefault = (list: readonly AskedQuestion[]) => list.flatMap((a) => (a.atDefault ? [a.atDefault] : []));
  if (run.defaultLimit !== undefined && atDefault(run.asked).length > 0) {
    const limit = run.defaultLimit;
    const said = (list: readonly AskedQuestion[]) => {
      const scored = atDefault(list);
      const share = (n: number) => pct(scored.length === 0 ? 0 : n / scored.length);
      return `${share(shownOf(scored, 5))} / ${share(shownOf(scored, limit))}`;
    };
    figures.push({
      what: `coding recall at the tool's default limit (${limit}), project-wide: a needle in the first 5 / the ${limit} hits`,
      value: `tune ${said(t)}; held out ${said(h)}; median ${bytes(median(atDefault(run.asked).map((s) => s.bytes)))} B`,
    });
  }
  const allBytes = median(scoredOf(run.asked, "wide", "ours").map((s) => s.bytes));
  if (run.asked.length > 0) {
    figures.push({
      what: "coding recall: bytes returned per question, project-wide (median)",
      value: `${bytes(allBytes)} B at limit ${run.limit}`,
      target: "<= 2,500 B",
      met: allBytes <= 2_500,
    });
  }
  if (run.loreAlone.length > 0) {
    const found = shownOf(run.loreAlone, run.limit);
    figures.push({
      what: "opencode-lore's questions, session named: answering line shown in the top 5",
      value: `${found} of ${run.loreAlone.length}, median ${bytes(measure(run.loreAlone).medianBytes)} B (${shownOf(run.loreShared, run.limit)} among all ${run.sessions} sessions)`,
      target: ">= 17 of 20",
      met: found >= 17,
    });
  }
  return figures;
}

const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** For each question to tune on not answered at rank 1 project-wide: what it asked, where the answer is, what came. */
export function printDetails(asked: readonly AskedQuestion[], sessions: ReadonlyMap<string, ExportedSession>): void {
  const rank = (s: Scored | undefined) => (s?.rank === undefined ? "–" : String(s.rank));
  for (const a of tune(asked)) {
    const q = a.question;
    if (a.wide.ours.rank === 1) continue;
    const lines = sessions.get(q.session)?.lines ?? [];
    const holding = [...new Set(q.needles.flatMap((n) => linesHolding(lines, n)))].sort((x, y) => x - y);
    const at = holding.includes(q.line) ? q.line : (holding[0] ?? q.line);
    const out = [
      `— ${q.id} [${q.kind}, ${q.place}] ours: project-wide ${rank(a.wide.ours)}, session named ${a.named ? rank(a.named.ours) : "not asked"}; FTS5 full ${rank(a.wide.full)}, cut ${rank(a.wide.cut)}`,
      `  asked:  ${q.question}`,
      `  answer: ${q.session}.md:${at}: ${clipped(lines[at - 1] ?? "", 300)}`,
      a.firstHit ? `  first hit (${a.firstHit.session}):` : "  no hits",
      ...(a.firstHit?.lines ?? []).map((l) => `    | ${clipped(l, 200)}`),
    ];
    console.error(out.join("\n"));
  }
}
