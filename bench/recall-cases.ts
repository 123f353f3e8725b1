/**
 * The labelled cases of the recall evaluation: questions over the real sessions of the shared corpus, and generated
 * sessions that each test one way a search goes wrong (a rare term among boilerplate, words that never stand on one
 * line, an exact phrase, a tight message against a long tool dump, old-but-strong against recent-but-weak, a question
 * asked in natural language, another project's session only with `all`). A case names the line that answers it by its
 * session and a piece of its text.
 */
import {
  createExportFileSource,
  createMemorySource,
  type SessionExport,
} from "../src/transcripts/source/export-file-source.js";
import type { SessionSource } from "../src/transcripts/source/session-source.js";
import { SessionBuilder } from "../test/helpers/synthetic-session.js";

export interface RecallCase {
  name: string;
  kind: string;
  query: string;
  /** The answering line: in this session, holding one of these texts (a question may have more than one answer). */
  session: string;
  holds: string | string[];
  all?: boolean;
  /** The answer must not be found (it is in another project and `all` is not given). */
  absent?: boolean;
}

export const PROJECT = "/eval/project";
export const OTHER_PROJECT = "/eval/other";
const DAY = 86_400_000;
const NOW = Date.parse("2026-03-01T00:00:00Z");

/** Real sessions (the corpus) with questions a person would ask about them later, in their own words. */
export const CORPUS_CASES: RecallCase[] = [
  {
    name: "logging library that replaced adze",
    kind: "corpus, natural language",
    query: "which logging library did we switch to instead of adze",
    session: "ses_39b4b4b3bffeXCkbhNdUgsq5wv",
    // The session switched, then switched back: either line answers.
    holds: ["replaced `adze` with `logestic`", "reverted the Logestic switch and moved logging back to `adze`"],
  },
  {
    name: "git ignore for rust and bun",
    kind: "corpus, natural language",
    query: "set up git ignore rules for rust and bun",
    session: "ses_39c0a3da8ffeFQWvKTGUJWivpv",
    holds: "Setup a Git Ignore for Rust + NodeJS / BunJS",
  },
  {
    name: "slash command for scraping docs",
    kind: "corpus, natural language",
    query: "where is the slash command that scrapes docs",
    session: "ses_39b623ce7ffeILPe9UgDcyGicH",
    holds: "I added a new slash command at `.opencode/commands/scrape_doc.md`",
  },
  {
    name: "products replace worlds",
    kind: "corpus, natural language",
    query: "what replaces world env and actor in the terminology",
    session: "ses_39b709b7fffea1aT6PAuEvX6Zq",
    holds: [
      "I want to replace world, env, actor with the next concept",
      "Replaced `world/env/dimensions` with `product/variant/actor`",
    ],
  },
  {
    name: "elysia llms txt",
    kind: "corpus, identifier",
    query: "elysia-llms-txt",
    session: "ses_39b4b4b3bffeXCkbhNdUgsq5wv",
    holds: "ADd support for https://github.com/opuu/elysia-llms-txt",
  },
  {
    name: "commit title format",
    kind: "corpus, natural language",
    query: "what format do commit titles use in this repo",
    session: "ses_39b5d713cffeRgAoxPIwS3Plus",
    holds: "Write a commit title using this repo format",
  },
];

function todoBoilerplate(b: SessionBuilder, n: number): void {
  b.user(`Continue with the plan, step ${n}.`);
  b.assistant((p) => {
    p.tool(
      "todowrite",
      { todos: "update" },
      [
        "[x] read the code and understand the problem",
        "[x] write a plan for the change",
        `[ ] implement step ${n} of the plan and run the tests`,
        "[ ] update the documentation and the changelog",
        "[ ] review the diff and fix what the review finds",
      ].join("\n"),
    );
    p.text(`Step ${n} is in progress; the tests run next and the plan is updated.`);
  });
}

function session(id: string, title: string, at: number, build: (b: SessionBuilder) => void): SessionExport {
  const b = new SessionBuilder(id, title, PROJECT);
  build(b);
  for (const m of b.data.messages) m.info.time.created = at;
  b.data.info.time.created = at;
  return b.data;
}

/** Generated sessions, one trap each, among boilerplate sessions full of plans and todo lists. */
export function generatedSessions(): { mine: SessionExport[]; other: SessionExport[]; cases: RecallCase[] } {
  const mine: SessionExport[] = [];
  for (let i = 0; i < 40; i++) {
    mine.push(
      session(`ses_evalboiler${String(i).padStart(6, "0")}`, `Plan work ${i}`, NOW - i * DAY, (b) => {
        for (let n = 0; n < 6; n++) todoBoilerplate(b, n);
      }),
    );
  }
  mine.push(
    session("ses_evalrareterm0001", "Deploy rollback", NOW - 20 * DAY, (b) => {
      for (let n = 0; n < 3; n++) todoBoilerplate(b, n);
      b.user("The deploy broke checkout.");
      b.assistant((p) =>
        p.text("Rolled back with kubectl rollout undo deployment/checkout; the old pods serve again."),
      );
    }),
    session("ses_evalsplitwords01", "Queue retries", NOW - 15 * DAY, (b) => {
      b.user("How do failed jobs end?");
      b.assistant((p) =>
        p.text("Each job gets a retry budget of three attempts.\nAfter that it goes to the dead letter queue."),
      );
    }),
    session("ses_evalphrase00001", "Pool errors", NOW - 12 * DAY, (b) => {
      b.user("Why do requests hang at night?");
      b.assistant((p) => p.text("The logs say connection pool exhausted at 02:00, when the batch job starts."));
    }),
    session("ses_evalphrasemiss1", "Pool tuning", NOW - 2 * DAY, (b) => {
      b.user("Tune the worker pool.");
      b.assistant((p) =>
        p.text("The pool has 8 workers; each connection is reused; nothing is exhausted, the queue drains."),
      );
    }),
    session("ses_evaltight000001", "Bundler pin", NOW - 30 * DAY, (b) => {
      b.user("Why is esbuild pinned?");
      b.assistant((p) => p.text("We pinned esbuild to 0.21 because 0.22 writes broken sourcemaps for our workers."));
    }),
    session("ses_evaltooldump001", "Dependency audit", NOW - DAY, (b) => {
      b.user("List the dependencies.");
      b.assistant((p) => {
        const lines = Array.from(
          { length: 200 },
          (_, i) => `node_modules/pkg-${i}/package.json: depends on esbuild, emits sourcemaps, pinned ${i % 3 === 0}`,
        );
        p.tool("bash", { command: "grep -r esbuild node_modules" }, lines.join("\n"));
        p.text("Here is the list.");
      });
    }),
    session("ses_evalstrongold01", "Storage decision", NOW - 300 * DAY, (b) => {
      b.user("Which journal mode should the store use?");
      b.assistant((p) =>
        p.text("Decision: the store runs SQLite in WAL journal mode, so readers never block the single writer."),
      );
    }),
    session("ses_evalweaknew0001", "Misc", NOW, (b) => {
      b.user("Anything about the store today?");
      b.assistant((p) => p.text("The store was fine today; a reader mentioned sqlite once."));
    }),
    session("ses_evalquestion001", "API limits", NOW - 40 * DAY, (b) => {
      b.user("How should the public API treat clients that send too much?");
      b.assistant((p) =>
        p.text("We settled on a token bucket for the rate limiter: 50 requests per second per client, bursts of 100."),
      );
    }),
  );
  const other = [
    session("ses_evalotherproj01", "Other project", NOW - 5 * DAY, (b) => {
      b.user("Where are the nightly backups kept?");
      b.assistant((p) => p.text("The nightly backups go to the cold storage bucket in Frankfurt, kept 90 days."));
    }),
  ];
  const cases: RecallCase[] = [
    {
      name: "rare term among boilerplate",
      kind: "rare term",
      query: "rollout undo",
      session: "ses_evalrareterm0001",
      holds: "kubectl rollout undo",
    },
    {
      name: "words on two lines",
      kind: "words apart",
      query: "retry budget dead letter",
      session: "ses_evalsplitwords01",
      holds: "retry budget of three",
    },
    {
      name: "exact phrase",
      kind: "phrase",
      query: '"connection pool exhausted"',
      session: "ses_evalphrase00001",
      holds: "connection pool exhausted",
    },
    {
      name: "message against a tool dump",
      kind: "tight vs dump",
      query: "why is esbuild pinned sourcemaps",
      session: "ses_evaltight000001",
      holds: "We pinned esbuild to 0.21",
    },
    {
      name: "old but strong",
      kind: "old vs recent",
      query: "sqlite WAL journal mode readers writer",
      session: "ses_evalstrongold01",
      holds: "WAL journal mode",
    },
    {
      name: "question in words",
      kind: "natural language",
      query: "what did we decide about throttling clients",
      session: "ses_evalquestion001",
      holds: "token bucket for the rate limiter",
    },
    {
      name: "other project, without all",
      kind: "scope",
      query: "where are the nightly backups",
      session: "ses_evalotherproj01",
      holds: "nightly backups go to",
      absent: true,
    },
    {
      name: "other project, with all",
      kind: "scope",
      query: "where are the nightly backups",
      session: "ses_evalotherproj01",
      holds: "nightly backups go to",
      all: true,
    },
  ];
  return { mine, other, cases };
}

export function sourceOf(corpusFiles: readonly string[], generated: readonly SessionExport[]): SessionSource {
  const files = createExportFileSource(corpusFiles);
  const memory = createMemorySource(generated);
  return {
    session: async (id) => (await memory.session(id)) ?? files.session(id),
    messages: async (id) => ((await memory.session(id)) ? memory.messages(id) : files.messages(id)),
  };
}
