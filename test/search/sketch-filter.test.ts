import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes } from "../../src/human-units.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch, type SearchOutcome, type SearchRequest } from "../../src/search/search.js";
import { scopeDir } from "../../src/transcripts/paths.js";
import { sketchPathOf } from "../../src/transcripts/sketch/file.js";
import { refreshSketch } from "../../src/transcripts/sketch/writer.js";
import { tempDir } from "../helpers/temp-dir.js";
import { numbered } from "../helpers/transcript-files.js";

const SCOPE = "/projects/filtered";
const locateRipgrep = createRipgrepLocator(undefined);
const rgFound = "found" in (await locateRipgrep());

const WORDS = [
  "timeout",
  "ECONNRESET",
  "econnreset",
  "after",
  "retries",
  "OpenCode",
  "plugin",
  "café",
  "CAFÉ",
  "Grüße",
  "\u212aelvin",
  "me\u017fsage",
  "message",
  "日本語",
  "42",
  "-",
  "=",
  " ",
];
const REGEXES = [
  "econn\\w+ after \\d+ retries",
  "time(out)? after",
  "^plugin",
  "message$",
  "café|kelvin",
  "[0-9]+ retries",
  "open\\s*code",
  "(?<=after )\\d+",
];

const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((w) => w.join(" "));
const transcript = fc.array(text, { minLength: 1, maxLength: 25 });
/** How a transcript's sketch is left: up to date, missing, damaged, behind the file, ahead of it, or another's. */
const STATES = ["fresh", "fresh", "fresh", "missing", "damaged", "behind", "ahead", "foreign"] as const;
type State = (typeof STATES)[number];

interface Corpus {
  transcriptsDir: string;
  files: string[];
}

function writeCorpus(
  contents: readonly (readonly string[])[],
  states: readonly State[],
  extra: readonly string[],
): Corpus {
  const transcriptsDir = path.join(tempDir(), "transcripts");
  const dir = scopeDir(transcriptsDir, SCOPE);
  fs.mkdirSync(dir, { recursive: true });
  const files = contents.map((lines, i) => {
    const file = path.join(dir, `ses_filtered${String(i).padStart(4, "0")}.md`);
    fs.writeFileSync(file, numbered(lines));
    refreshSketch(file);
    return file;
  });
  for (const [i, file] of files.entries()) {
    const state = states[i % states.length] as State;
    const sketch = sketchPathOf(file);
    if (state === "missing") fs.rmSync(sketch);
    if (state === "damaged") {
      const bytes = fs.readFileSync(sketch);
      const at = 64 + ((i * 7919) % (bytes.length - 64));
      bytes[at] = (bytes[at] as number) ^ (1 << (i % 8));
      fs.writeFileSync(sketch, bytes);
    }
    // Lines the sketch does not cover: the tail is searched always.
    if (state === "behind") fs.appendFileSync(file, numbered(extra).replace(/^ +\d+\t/gm, "  9999\t"));
    if (state === "ahead") fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    const other = sketchPathOf(files[(i + 1) % files.length] as string);
    if (state === "foreign" && other !== sketch && fs.existsSync(other)) fs.copyFileSync(other, sketch);
  }
  return { transcriptsDir, files };
}

/** What a search found, by file: every shown line with its number, match or context. */
function found(outcome: SearchOutcome): string[] {
  return outcome.result.files.flatMap((f) =>
    f.hits.lines.map(
      (l) => `${path.basename(outcome.targets[f.index]?.path ?? "?")}${l.match ? ":" : "-"}${l.line}:${l.text}`,
    ),
  );
}

async function both(corpus: Corpus, req: Omit<SearchRequest, "scope">, useRipgrep: boolean) {
  const search = createTranscriptSearch({ transcriptsDir: corpus.transcriptsDir, useRipgrep, locateRipgrep });
  const base = { scope: SCOPE, threads: 0, ...req };
  const filtered = await search({ ...base, useSketches: true });
  const plain = await search({ ...base, useSketches: false });
  return { filtered, plain };
}

const query = fc.oneof(
  fc.constantFrom(...WORDS.filter((w) => w.trim().length > 1)).map((q) => ({ query: q, regex: false })),
  fc
    .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS))
    .map(([a, b]) => ({ query: `${a} ${b}`.trim(), regex: false }))
    .filter((q) => q.query.length > 0),
  fc.constantFrom(...REGEXES).map((q) => ({ query: q, regex: true })),
);

describe("searching with the sketches finds exactly what searching without them finds", () => {
  it("for random transcripts, queries and sketch states, with the built-in scanner", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(transcript, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(...STATES), { minLength: 1, maxLength: 6 }),
        transcript,
        query,
        fc.boolean(),
        async (contents, states, extra, q, caseSensitive) => {
          const corpus = writeCorpus(contents, states, extra);
          const { filtered, plain } = await both(corpus, { ...q, caseSensitive, contextLines: 1, limit: 500 }, false);
          expect(found(filtered)).toEqual(found(plain));
          expect(filtered.result.matches).toBe(plain.result.matches);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it.skipIf(!rgFound)(
    "and with ripgrep, which is handed only the transcripts that may match",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(transcript, { minLength: 1, maxLength: 6 }),
          fc.array(fc.constantFrom(...STATES), { minLength: 1, maxLength: 6 }),
          transcript,
          query,
          async (contents, states, extra, q) => {
            const corpus = writeCorpus(contents, states, extra);
            const { filtered, plain } = await both(corpus, { ...q, contextLines: 1, limit: 500 }, true);
            expect(found(filtered)).toEqual(found(plain));
            if (filtered.targets.length > 0) expect(filtered.engine).toBe(plain.engine);
          },
        ),
        { numRuns: 60 },
      );
    },
    120_000,
  );
});

describe("the coverage line of a search with sketches", () => {
  function corpus() {
    const lines = (n: number) => Array.from({ length: 30 }, (_, i) => `session ${n} line ${i}: ordinary words`);
    const withNeedle = lines(0);
    withNeedle[12] = "socket hang up: ECONNRESET after 3 retries";
    const c = writeCorpus([withNeedle, lines(1), lines(2), lines(3)], ["fresh", "fresh", "fresh", "missing"], []);
    const sizes = c.files.map((f) => fs.statSync(f).size);
    const sketches = c.files.map((f) => (fs.existsSync(sketchPathOf(f)) ? fs.statSync(sketchPathOf(f)).size : 0));
    return { ...c, sizes, sketches };
  }

  it("says how many transcripts the sketches ruled out and how many bytes were read", async () => {
    const c = corpus();
    const search = createTranscriptSearch({ transcriptsDir: c.transcriptsDir, useRipgrep: false, locateRipgrep });
    const out = await search({ query: "econnreset", scope: SCOPE, threads: 0 });
    expect(out.result.matches).toBe(1);
    // Read: the three sketches; the transcript with the needle once (its probe's read is its lines' read); the
    // unsketched one once.
    const [a, , , d] = c.sizes as [number, number, number, number];
    const read = c.sketches.reduce((sum, s) => sum + s, 0) + a + d;
    const total = c.sizes.reduce((sum, s) => sum + s, 0);
    expect(out.text).toContain(`[search] searched all 4 transcripts in this project (${formatBytes(total)}) in `);
    expect(out.text).toContain(
      ` · 2 transcripts ruled out by their search sketch, 1 transcript without a usable search sketch: ${formatBytes(read)} read · 1 match in 1 session`,
    );
  });

  it("says why the sketches were not asked, for a query without a literal part of 4 bytes", async () => {
    const c = corpus();
    const search = createTranscriptSearch({ transcriptsDir: c.transcriptsDir, useRipgrep: false, locateRipgrep });
    const out = await search({ query: "\\d+ re", regex: true, scope: SCOPE, threads: 0 });
    expect(out.result.matches).toBe(1);
    expect(out.text).toContain("search sketches not used (the query has no literal part of 4 bytes or more): ");
    const grusse = await search({ query: "Grüße", scope: SCOPE, threads: 0 });
    expect(grusse.text).toContain("search sketches not used (the query has no literal part of 4 bytes or more)");
  });

  it("counts a transcript ruled out as searched, and one that cannot match as costing only its sketch", async () => {
    const c = corpus();
    const search = createTranscriptSearch({ transcriptsDir: c.transcriptsDir, useRipgrep: false, locateRipgrep });
    const out = await search({ query: "nowhere-to-be-found", scope: SCOPE, threads: 0 });
    expect(out.result.matches).toBe(0);
    const read = c.sketches.reduce((sum, s) => sum + s, 0) + (c.sizes[3] as number);
    expect(out.text).toContain("No matches");
    expect(out.text).toContain(
      `searched all 4 transcripts in this project (${formatBytes(c.sizes.reduce((s, x) => s + x, 0))})`,
    );
    expect(out.text).toContain(
      `3 transcripts ruled out by their search sketch, 1 transcript without a usable search sketch: ${formatBytes(read)} read`,
    );
  });

  it.skipIf(!rgFound)("hands ripgrep only the transcripts that may match", async () => {
    const c = corpus();
    const search = createTranscriptSearch({ transcriptsDir: c.transcriptsDir, useRipgrep: true, locateRipgrep });
    const out = await search({ query: "econnreset", scope: SCOPE });
    expect(out.engine).toMatch(/^ripgrep /);
    expect(out.result.matches).toBe(1);
    expect(out.targets.map((t) => path.basename(t.path)).sort()).toEqual(
      [c.files[0], c.files[3]].map((f) => path.basename(f as string)).sort(),
    );
    expect(out.text).toContain("searched all 4 transcripts");
  });
});
