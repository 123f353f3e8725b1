import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength } from "../../../src/bounded-output.js";
import {
  answerValue,
  asksFor,
  asksVersion,
  lineHolds,
  measured,
  versioned,
} from "../../../src/search/ranked/answer-kind.js";
import { chooseLines, type LineChoice } from "../../../src/search/ranked/answer-lines.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { numberBytes } from "../../../src/search/ranked/shown-line.js";
import { readExportFile } from "../../../src/transcripts/source/export-file-source.js";
import { CORPUS_DIR, corpusFile, sharedSessionFile } from "../../helpers/transcripts.js";

const prefixBytes = numberBytes;
const profile = DEFAULT_PROFILE.lines;
/** The bytes the lines take as rendered: `<line>- text` and a newline each. */
const bytesOf = (lines: readonly { line: number; text: string }[]) =>
  lines.reduce((sum, l) => sum + prefixBytes(l.line) + byteLength(l.text) + 1, 0);

const choice = (line: number, text: string, weight = 0, extra: Partial<LineChoice> = {}): LineChoice => ({
  line,
  text,
  weight,
  ...extra,
});

describe("what a question asks for", () => {
  it("reads the kind of answer from the question's words", () => {
    expect(asksFor("How many pages did the docs snapshot end up with?")).toContain("number");
    expect(asksFor("what version of bun did we pin")).toContain("number");
    expect(asksFor("Why did the typecheck fail after the rename?")).toContain("error");
    expect(asksFor("what blew up when the server started?")).toContain("error");
    expect(asksFor("why does the fetch blow up on page 1?")).toContain("error");
    expect(asksFor("who blew the whistle on the release?")).toEqual([]);
    expect(asksFor("which file holds the retry policy")).toContain("path");
    expect(asksFor("what command did we run to regenerate the protos")).toContain("command");
    expect(asksFor("what did we decide about the cache")).toEqual([]);
    expect(asksFor("where was the dev server bound after the restart?")).toContain("number");
    expect(asksFor("what extra install did the polyfill need?")).toContain("command");
    expect(asksFor("which version is installed?")).not.toContain("command");
  });

  it("tells the lines that hold each kind, not a file read's own numbering", () => {
    expect(lineHolds("pages=34, ok=34, failed=0", "number")).toBe(true);
    expect(lineHolds("src/lib/resolve-target.ts:796", "path")).toBe(true);
    expect(lineHolds("error TS2345: Argument of type 'string' is not assignable", "error")).toBe(true);
    expect(lineHolds("command: bunx tsc --noEmit", "command")).toBe(true);
    expect(lineHolds("The plan looks good to me.", "number")).toBe(false);
    expect(lineHolds("Sounds good, thanks.", "error")).toBe(false);
    // A read's numbering, as OpenCode, other agents' read tools and `cat -n` write it, is no number of the line's.
    expect(lineHolds("  12: the plan looks good", "number")).toBe(false);
    expect(lineHolds("     1→<!DOCTYPE html>", "number")).toBe(false);
    expect(lineHolds("    48\t", "number")).toBe(false);
    expect(lineHolds("    12\tconst MAX_TWEET_LENGTH = 280;", "number")).toBe(true);
  });
});

/** The lines of a real session's tool outputs and errors (other people's sessions of the shared data). */
const outputLines = (name: string) =>
  readExportFile(sharedSessionFile("more", name)).messages.flatMap((m) =>
    m.parts.flatMap((p) => {
      if (p.type !== "tool") return [];
      if (p.state.status === "completed") return p.state.output.split("\n");
      return p.state.status === "error" ? p.state.error.split("\n") : [];
    }),
  );

describe("an error as a runtime reports it", () => {
  it("holds an error (`TypeError: …`), where a word that merely ends in error or names one does not", () => {
    // A node script's crash, flake8's report on a Python file, a cargo build's progress, the code flake8 read: real
    // lines of tool outputs.
    const crash = outputLines("cc-privacy-x402").find((l) => l.startsWith("TypeError:")) as string;
    const pydicom = outputLines("swe-agent-pydicom-1458");
    const flake8 = pydicom.find((l) => l.includes("SyntaxError:")) as string;
    const raise = pydicom.find((l) => l.trim() === "raise AttributeError(") as string;
    const build = outputLines("codex-edgerunner").find((l) => l.includes("Compiling thiserror")) as string;
    expect(crash).toBe("TypeError: r is not iterable");
    expect(flake8).toMatch(/^- E999 SyntaxError: unmatched/);
    for (const line of [crash, flake8, "ReferenceError: window is not defined"]) {
      expect(lineHolds(line, "error")).toBe(true);
      expect(answerValue(line, ["error", "path"])).toBe(1);
    }
    // A build step of the crate `thiserror`, and code that raises an error (the name, no report of it).
    expect(build).toBe("   Compiling thiserror v2.0.18");
    expect(raise).toBeDefined();
    for (const line of [build, raise]) {
      expect(lineHolds(line, "error")).toBe(false);
      expect(answerValue(line, ["error"])).toBe(0);
    }
  });
});

describe("a count with what it counts", () => {
  it("tells a count of things from a number that counts nothing", () => {
    expect(measured(" 12 files changed, 260 insertions(+), 176 deletions(-)")).toBe(true);
    expect(measured("pages=34, ok=34, failed=0")).toBe(true);
    expect(measured("**Gates**: pytest → **536 passed**")).toBe(true);
    expect(measured("took 120 ms")).toBe(true);
    expect(measured(" create mode 100644 welpy/reflow.py")).toBe(false);
    // A read's numbering is no count: `2` and a tab before `ms = …` read as "2 ms" when the numbering was kept.
    expect(measured("     2\tms = Date.now() - start;")).toBe(false);
    expect(measured("     2\ttook 120 ms")).toBe(true);
    expect(measured("[master 963eef2] refactor(reflow): extract re-flow ordering")).toBe(false);
    expect(measured("Released 2.0.0 on 2026-02-16")).toBe(false);
  });

  it("shows an output's count over its other numbered lines when a number is asked for", () => {
    const output = [
      choice(8042, "[master 963eef2] refactor(reflow): extract the seam family", 2, { outcome: true }),
      choice(8043, " 12 files changed, 260 insertions(+), 176 deletions(-)", 0, { outcome: true }),
      choice(8044, " create mode 100644 tests/test_reflow.py", 0, { outcome: true }),
      choice(8045, " create mode 100644 welpy/reflow.py", 1, { outcome: true }),
    ];
    const lines = [choice(8040, "git commit -m 'refactor(reflow): extract the seam family'", 3), ...output];
    const shown = (measuredWeight: number) =>
      chooseLines({
        lines,
        best: 0,
        asked: ["number"],
        words: ["reflow"],
        context: 0,
        prefixBytes,
        profile: { ...profile, measured: measuredWeight },
      }).map((l) => l.line);
    expect(shown(profile.measured)).toContain(8043);
    expect(shown(0)).not.toContain(8043);
  });
});

describe("a version as tools write one", () => {
  it("tells a version from the other numbers of a line", () => {
    expect(versioned("Bun v1.2.5 (macOS arm64)")).toBe(true);
    expect(versioned("\u2713 opencode 2.0.0-rc.3 installed")).toBe(true);
    expect(versioned("node v18.2")).toBe(true);
    expect(versioned("+ logestic@1.2.4")).toBe(true);
    expect(versioned("installed v2.1.9.1")).toBe(true);
    expect(versioned('error: script "start" exited with code 1')).toBe(false);
    expect(versioned("took 1.25 s")).toBe(false);
    expect(versioned("at /Users/alex/repos/core/src/logging.ts:35:14")).toBe(false);
    expect(versioned("listening on 127.0.0.1:4150")).toBe(false);
    expect(asksVersion("what Bun version was on the machine when the core app crashed at startup?")).toBe(true);
    expect(asksVersion("how many files changed?")).toBe(false);
    // "Which … release" asks which version, as "which version" does; a release named otherwise asks no version.
    expect(asksVersion("which logestic release did bun resolve?")).toBe(true);
    expect(asksFor("what terraform CLI release is installed?")).toContain("number");
    expect(asksVersion("why not bundle the driver in the release zip?")).toBe(false);
    expect(asksFor("who blew the whistle on the release?")).toEqual([]);
  });

  it("opens a long line at its version when the question asks which release (real project notes)", () => {
    // A real notes file the agent printed: the version stands at the line's start, the question's word far after it.
    const file = sharedSessionFile("more", "ses_187if9h6vqhp4pcyza8k");
    const note = readExportFile(file)
      .messages.flatMap((m) => m.parts)
      .flatMap((p) => (p.type === "tool" && p.state.status === "completed" ? p.state.output.split("\n") : []))
      .find((line) => line.startsWith("- wlroots 0.20 emits the"));
    if (note === undefined) throw new Error("the notes' line is missing from the shared session");
    const shown = (question: string) =>
      chooseLines({
        lines: [choice(385, note, 1)],
        best: 0,
        asked: asksFor(question),
        version: asksVersion(question),
        words: ["ime"],
        context: 0,
        prefixBytes,
        profile,
      })[0]?.text ?? "";
    expect(shown("which compositor library release breaks the IME grab?")).toContain("wlroots 0.20");
    // Asked no version, the window opens at the question's word, past the version.
    expect(shown("what breaks the IME grab?")).not.toContain("wlroots 0.20");
  });

  it("shows the runtime's version over a second error line when the question asks which version (a real crash)", () => {
    // A real failed start of the shared corpus: two error lines, the stack, then the runtime's version line.
    const file = path.join(CORPUS_DIR, "session__crisp-garden__ses_39bc72f63ffeQb8egYBpyTrCNr.json");
    const output = readExportFile(file)
      .messages.flatMap((m) => m.parts)
      .flatMap((p) =>
        p.type === "tool" && p.state.status === "completed" && p.state.output.includes("has already been declared")
          ? [p.state.output]
          : [],
      )[0];
    if (output === undefined) throw new Error("the crash's output is missing from the shared session");
    const question = "what Bun version was on the machine when the core app crashed at startup?";
    const lines = [
      choice(1047, '[tool bash · completed · "Verify app startup with logger"]'),
      choice(1048, "command: bun run start", 2),
      ...output.split("\n").map((text, i) => choice(1052 + i, text, /\bbun\b/i.test(text) ? 1 : 0, { outcome: true })),
    ];
    const shown = (version: boolean) =>
      chooseLines({
        lines,
        best: 1,
        asked: asksFor(question),
        version,
        words: ["bun"],
        context: 0,
        prefixBytes,
        profile,
      }).map((l) => l.text);
    expect(shown(asksVersion(question))).toContain("Bun v1.2.5 (macOS arm64)");
    expect(shown(asksVersion(question))).toContain('error: script "start" exited with code 1');
    // Any number counted as the answer, the second error line took the version's place.
    expect(shown(false)).not.toContain("Bun v1.2.5 (macOS arm64)");
  });
});

describe("the lines a hit shows", () => {
  it("shows the line holding what the question asks for, lines below the best one, over plain context", () => {
    const lines = [
      choice(10, "The docs snapshot for moonrepo is done.", 3),
      choice(11, "It follows the same split layout as before."),
      choice(12, "Each page became one markdown file."),
      choice(13, "The index links them all."),
      choice(14, "Nothing was blocked this time."),
      choice(15, "Wrote split external docs (pages=34, ok=34, failed=0)"),
    ];
    const shown = chooseLines({
      lines,
      best: 0,
      asked: ["number"],
      words: ["snapshot"],
      context: 1,
      prefixBytes,
      profile,
    });
    // One line of context: the line after the best and the next (an answer follows what it answers), and the count.
    expect(shown.map((l) => l.line)).toEqual([10, 11, 12, 15]);
    expect(shown.find((l) => l.match)?.line).toBe(10);
  });

  it("shows one line more after the best line than before it, the nearer first, none with no context", () => {
    const lines = [20, 21, 22, 23, 24, 25, 26, 27, 28].map((n) => choice(n, `Line ${n} of the report.`));
    const around = (context: number) =>
      chooseLines({ lines, best: 4, asked: [], words: [], context, prefixBytes, profile }).map((l) => l.line);
    expect(around(0)).toEqual([24]);
    expect(around(1)).toEqual([23, 24, 25, 26]);
    expect(around(2)).toEqual([22, 23, 24, 25, 26, 27]);
    // Cut by the hit's bytes, the nearer lines stay: after the best, then before it, then further after.
    const tight = { ...profile, hitBytes: 4 * (prefixBytes(20) + byteLength("Line 20 of the report.") + 1) };
    const shown = chooseLines({ lines, best: 4, asked: [], words: [], context: 2, prefixBytes, profile: tight });
    expect(shown.map((l) => l.line)).toEqual([23, 24, 25, 26]);
  });

  it("shows with a code comment among the answers the code line it is about, not another comment", () => {
    // The edit of pi's afi-core session (corpus/more): the comment says "placeholder", the code names it.
    const lines = [
      choice(317, " * AFI Protocol — Main ESM Entrypoint", 2),
      choice(318, " * Exports all core modules, validators, schemas, and DAG stubs."),
      choice(319, "// Agent-first: allow dynamic extension in the future"),
      choice(320, "export const registerAgentExtension = (ext) => {"),
      choice(321, "  // Placeholder for agent extension registration", 3),
      choice(322, "  // (Codex/AOS-aligned, safe for future modularity)"),
      choice(323, "  console.warn('registerAgentExtension: Not yet implemented', ext);"),
    ];
    const shown = (best: number, at: number) =>
      chooseLines({
        lines: lines.map((l, i) => (i === at ? { ...l, weight: 3 } : { ...l, weight: i === best ? 4 : 0 })),
        best,
        asked: [],
        words: ["entrypoint"],
        context: 0,
        prefixBytes,
        profile,
      }).map((l) => l.line);
    // Below it stands another comment: the code above it is the nearer code.
    expect(shown(0, 4)).toEqual([317, 320, 321]);
    // Above what it describes: the code after it, at the same distance as the line before.
    expect(shown(0, 2)).toEqual([317, 319, 320]);
  });

  it("takes no heading or list for a comment (`# Title`, `* item`)", () => {
    const lines = [
      choice(40, "The plan for the upgrade command is below.", 4),
      choice(41, "# Upgrade channels", 3),
      choice(42, "* nightly builds ship as standalone binaries"),
      choice(43, "Stable stays on npm."),
    ];
    const shown = chooseLines({ lines, best: 0, asked: [], words: ["plan"], context: 0, prefixBytes, profile });
    expect(shown.map((l) => l.line)).toEqual([40, 41]);
  });

  it("shows no line of neither letter nor digit around the best one (`}`, `---`)", () => {
    const lines = [
      choice(30, "export function reflow(server) {"),
      choice(31, "  return arrange(server);", 2),
      choice(32, "}"),
      choice(33, "---"),
      choice(34, "The seam is called from three sites."),
    ];
    const shown = chooseLines({ lines, best: 1, asked: [], words: ["arrange"], context: 2, prefixBytes, profile });
    expect(shown.map((l) => l.line)).toEqual([30, 31, 34]);
    // The best line is shown whatever it holds.
    const alone = chooseLines({
      lines: lines.slice(2),
      best: 0,
      asked: [],
      words: [],
      context: 0,
      prefixBytes,
      profile,
    });
    expect(alone).toEqual([{ line: 32, text: "}", match: true }]);
  });

  it("shows no blank line of a file read, numbered as other agents' read tools number it (`  48\t`, `  48→`)", () => {
    const lines = [
      choice(116, "    47\t**How it was understood:** Stop names are stored in both Chinese and English.", 2),
      choice(117, "    48\t"),
      choice(118, "    49→"),
      choice(119, "    50\t**How it was solved:** The stop entity stores a `name_cn` and a `name_en`."),
    ];
    const shown = chooseLines({ lines, best: 0, asked: [], words: ["stored"], context: 2, prefixBytes, profile });
    expect(shown.map((l) => l.line)).toEqual([116, 119]);
  });

  it("shows a call's error from its output, and its last lines when nothing failed", () => {
    const call = [
      choice(20, '[tool bash · completed · call_1 · "bunx tsc --noEmit"]', 1),
      choice(21, "command: bunx tsc --noEmit", 2),
    ];
    const failing = [
      ...call,
      choice(23, "src/a.ts(3,1): error TS2304: Cannot find name 'foo'.", 0, { outcome: true }),
      choice(24, "Found 1 error.", 0, { outcome: true }),
    ];
    const shown = chooseLines({ lines: failing, best: 1, asked: [], words: ["tsc"], context: 0, prefixBytes, profile });
    expect(shown.map((l) => l.text)).toContain("src/a.ts(3,1): error TS2304: Cannot find name 'foo'.");
    const passing = [
      ...call,
      choice(23, "checked 40 files", 0, { outcome: true }),
      choice(24, "done in 1.2s", 0, { outcome: true }),
    ];
    const quiet = chooseLines({ lines: passing, best: 1, asked: [], words: ["tsc"], context: 0, prefixBytes, profile });
    expect(quiet.map((l) => l.text)).toContain("done in 1.2s");
  });

  it("shows an output's call first, and no escape codes", () => {
    const lines = [
      choice(30, '[tool bash · completed · call_2 · "bun test"]', 0, { call: true }),
      choice(32, "\u001b[31mFAIL\u001b[0m test/a.test.ts > parses", 2),
    ];
    const shown = chooseLines({ lines, best: 1, asked: [], words: ["parses"], context: 0, prefixBytes, profile });
    expect(shown.map((l) => l.text)).toEqual(['[tool bash · completed · "bun test"]', "FAIL test/a.test.ts > parses"]);
  });

  it("shows a bare count in brackets ten lines below the best line when the question asks how far", () => {
    // A subagent's report on its commits (ses_39b5d713cffeRgAoxPIwS3Plus, lines 111-123 of the shared corpus): the
    // question's words stand on the commit lines, how far ahead main is on the status line ten lines below, as
    // `[ahead 7]`, a number no pattern of answer-kind.ts saw (a lone digit stood only between spaces).
    const report = [
      choice(111, "- **Commits in order**"),
      choice(112, "- `b934703` — `Meta // OpenCode Skills // Add docs scraping workflows and aliases`", 2),
      choice(113, "  - Files: `.opencode/commands/scrape_doc.md`, `.opencode/commands/scrape_docs.md`", 1),
      choice(114, "- `65323ca` — `Docs // OpenCode Workflow // Reference docs-scraping skill`", 1),
      choice(115, "  - Files: `AGENTS.md`, `README.md`"),
      choice(117, "- **Skipped files and why**"),
      choice(118, "- None skipped; all detected tracked/untracked non-secret changes were included."),
      choice(119, "- No likely secret files (`.env`, credentials, keys) were present in this change set."),
      choice(121, "- **Final git status summary**"),
      choice(122, "- `git status --short --branch`: `## main...origin/main [ahead 7]`", 1),
      choice(123, "- Working tree is clean (no staged, unstaged, or untracked files)."),
    ];
    const asked = asksFor("how far ahead of the remote was main after the scraping commits");
    const shown = chooseLines({ lines: report, best: 1, asked, words: ["scraping"], context: 2, prefixBytes, profile });
    expect(shown.map((l) => l.line)).toContain(122);
    expect(bytesOf(shown)).toBeLessThanOrEqual(profile.hitBytes);
  });

  it("shows with an edit's changed line what it became, or what it replaced, marked as the change", () => {
    // An edit of a script (ses_r3k6vlm4whbmgw615wfy, lines 746-778 of the shared corpus, cut short): the question's
    // words stand in its old text, what replaced them eighteen lines below, in the new.
    const edit = [
      choice(746, '[tool edit · completed · toolu_01 · "/tmp/count_demo.mjs"]'),
      choice(749, "  const BATCH = 50;", 0, { changed: true, counterpart: 770 }),
      choice(751, "    const batch = okSigs.slice(i, i + BATCH);", 1, { changed: true, counterpart: 770 }),
      choice(753, "      jsonrpc: '2.0', id: idx, method: 'getTransaction',", 3, { changed: true, counterpart: 770 }),
      choice(754, "      params: [sig, { encoding: 'json', commitment: 'confirmed' }]", 1),
      choice(756, "    const body = JSON.stringify(reqs);", 0, { changed: true, counterpart: 770 }),
      choice(770, "  const CONC = 20;", 0, { changed: true, counterpart: 749 }),
      choice(772, "    const batch = okSigs.slice(i, i + CONC);", 1, { changed: true, counterpart: 749 }),
    ];
    const shown = chooseLines({
      lines: edit,
      best: 3,
      asked: [],
      words: ["gettransaction"],
      context: 1,
      prefixBytes,
      profile,
    });
    expect(shown.find((l) => l.line === 770)).toEqual({
      line: 770,
      text: "  const CONC = 20;",
      match: false,
      counterpart: true,
    });
    // Only a counterpart is marked: the best line and the lines around it are what the question's words found.
    expect(shown.filter((l) => l.counterpart).every((l) => edit.some((c) => c.counterpart === l.line))).toBe(true);
    // The best line no edit changed: a changed line shown as an answer brings its counterpart too.
    const kept = edit.map((l, i) => (i === 3 ? { ...l, changed: undefined, counterpart: undefined } : l));
    const around = chooseLines({
      lines: kept,
      best: 3,
      asked: [],
      words: ["gettransaction"],
      context: 0,
      prefixBytes,
      profile,
    });
    expect(around.some((l) => l.line === 770 && l.counterpart)).toBe(true);
  });

  const arbitraryText = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.constantFrom(
      "pages=34, ok=34",
      "Error: failed to open src/x.ts",
      "command: npm test",
      "\u001b[33mWarning\u001b[0m: slow",
    ),
  );
  const arbitraryHit = fc
    .array(
      fc.record({
        text: arbitraryText,
        weight: fc.nat(5),
        outcome: fc.boolean(),
        call: fc.boolean(),
        pair: fc.option(fc.nat(39)),
      }),
      {
        minLength: 1,
        maxLength: 40,
      },
    )
    .chain((raw) =>
      fc.record({
        lines: fc.constant(
          raw.map((r, i) =>
            choice(i + 1 + i * 3, r.text, r.weight, {
              outcome: r.outcome,
              call: r.call && i === 0,
              // A changed line of an edit, its counterpart another line of the hit.
              ...(r.pair === null ? {} : { changed: true, counterpart: (r.pair % raw.length) * 4 + 1 }),
            }),
          ),
        ),
        best: fc.nat(raw.length - 1),
        asked: fc.subarray(["number", "error", "path", "command"] as const),
        context: fc.nat(4),
      }),
    );

  it("always shows the best line as the match, in line order, each once, within the hit's bytes", () => {
    fc.assert(
      fc.property(arbitraryHit, ({ lines, best, asked, context }) => {
        const shown = chooseLines({ lines, best, asked, words: ["pages", "error"], context, prefixBytes, profile });
        const match = shown.filter((l) => l.match);
        expect(match.map((l) => l.line)).toEqual([(lines[best] as LineChoice).line]);
        expect(shown.map((l) => l.line)).toEqual([...new Set(shown.map((l) => l.line))].sort((a, b) => a - b));
        expect(bytesOf(shown)).toBeLessThanOrEqual(profile.hitBytes);
        for (const l of shown) expect(l.text).not.toContain("\u001b");
      }),
      { numRuns: 400 },
    );
  });
});

describe("a grep match's numbering", () => {
  /** The lines of OpenCode's grep output in a real session of the shared corpus (hidden-river): `  Line 5: …` each. */
  const grepOutput = () => {
    const parts = readExportFile(corpusFile("ses_39b709b7fffea1aT6PAuEvX6Zq")).messages.flatMap((m) => m.parts);
    for (const p of parts) {
      if (p.type !== "tool" || p.state.status !== "completed") continue;
      if (p.state.output.startsWith("Found 9 matches") && p.state.output.includes("PORT ?? 4150")) {
        return p.state.output.split("\n");
      }
    }
    throw new Error("the grep output is missing from hidden-river");
  };

  it("is no number of the line's own: the line holding one is shown when a number is asked for", () => {
    const output = grepOutput();
    const at = (needle: string) => output.findIndex((l) => l.includes(needle));
    expect(lineHolds(output[at("serviceName")] as string, "number")).toBe(false);
    expect(lineHolds(output[at("address_port")] as string, "number")).toBe(true);
    // "Which port does the core service listen on by default?": the log line holding "port" is the best; the service
    // name's line holds "core" and "service", the port's line "port".
    const weights: Record<string, number> = { serviceName: 2, "port=${app": 3, address_port: 1 };
    const lines = output.map((text, i) =>
      choice(1386 + i, text, Object.entries(weights).find(([k]) => text.includes(k))?.[1] ?? 0),
    );
    const shown = chooseLines({
      lines,
      best: at("port=${app"),
      asked: ["number"],
      words: ["port", "core", "service"],
      context: 0,
      prefixBytes,
      profile,
    });
    expect(shown.map((l) => l.text)).toContain("  Line 5:     address_port: Number(Bun.env.PORT ?? 4150),");
  });
});
