/** The words of the transcript search benchmark's section, around its figures. */
import { formatBytes } from "../src/human-units.js";
import type { FalsePositives, RealSessions } from "./sketch-sizing.js";

export interface Row {
  query: string;
  engine: string;
  ms: number;
  ratio: number;
  /** Transcripts the engine was given. */
  searched: number;
  read: number;
  matches: number;
}

export interface SectionFigures {
  mb: number;
  transcripts: number;
  bytes: number;
  sketchBytes: number;
  rounds: number;
  load: number;
  rows: Row[];
  table: (header: string[], cells: (string | number)[][]) => string;
  memory: { idle: number; sketches: number; plain: number; regex: number };
  fp: FalsePositives;
  real: RealSessions | undefined;
  ripgrep: string;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mbOf = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const ratio = (x: number) => `${x.toFixed(2)}×`;

function find(rows: Row[], query: string, engine: string): Row | undefined {
  return rows.find((r) => r.query.startsWith(query) && r.engine.startsWith(engine));
}

function verdict(row: Row | undefined, target: number): string {
  if (!row) return "not measured";
  return `${ratio(row.ratio)}: ${row.ratio >= target ? "meets" : "short of"} the ${target}× target`;
}

export function sketchSectionText(f: SectionFigures): string {
  const cells = f.rows.map((r) => [
    r.query,
    r.engine,
    r.ms.toFixed(0),
    (f.bytes / 1e6 / (r.ms / 1000)).toFixed(0),
    r.searched.toLocaleString("en-US"),
    Number.isNaN(r.read) ? "—" : formatBytes(r.read),
    r.engine.includes("baseline") ? "1.00×" : ratio(r.ratio),
  ]);
  const rareSketch = find(f.rows, "rare", "built-in scanner, with");
  const rarePlain = find(f.rows, "rare", "built-in scanner, without");
  const rareRg = find(f.rows, "rare", "ripgrep path, with");
  const commonSketch = find(f.rows, "common", "built-in scanner, with");
  const commonRg = find(f.rows, "common", "ripgrep path, with");
  const regexSketch = find(f.rows, "regex", "built-in scanner, with");
  const real = f.real
    ? `; the ${f.real.sessions} real sessions of the shared corpus, exported by the exporter: ${formatBytes(f.real.sketchBytes)} for ${formatBytes(f.real.transcriptBytes)} (${pct(f.real.sketchBytes / f.real.transcriptBytes)}: small transcripts pay the 200-byte minimum)`
    : "";
  const other = f.mb === 500 ? "at 5 GB" : "at 500 MB";
  const memoryOk = Math.max(f.memory.sketches, f.memory.plain, f.memory.regex) < 200 * 1024;
  return `
${f.transcripts.toLocaleString("en-US")} transcripts, ${(f.bytes / 1e6).toFixed(0)} MB, in the page cache, generated as sessions of messages and parts and
rendered by the exporter's own renderers (headers, text, reasoning, tool calls with their inputs a field a line and
their outputs or errors, step markers): prose, logs, listings, some non-ASCII text and long lines, and files read by
tools (real source and documentation from node_modules, each project reading its own share); each transcript written
in a few appends, its search sketch brought up to date after each by the exporter's own code. \`ECONNRESET … after N
retries\` is in one session in 150 (the error of a failed call), \`git status\` in nine in ten. Median of ${f.rounds} rounds; each round runs every contender once, in turn. Searches keep up to 500
matches with 2 lines of context (the common literal: every match, as \`rg -c\` counts them, so that every contender
reads what it must). Ratio = plain ripgrep's time / this contender's time (higher is better); plain ripgrep searches
the \`*.md\` files of the corpus folder. "read": bytes actually read (sketches, uncovered tails, and what the engine
read, for ripgrep the whole of each file it is given; the built-in scanner reads a file with a match once when its
first 1 MiB read holds a match, else a probe up to the match and then the lines from the start). Engines run as the search service runs them, without listing the folder and rendering the result;
the two service rows include both. The machine was shared with other work (load average ${f.load.toFixed(2)} on its cores when
the run started): figures moved by up to half between runs; ratios within one run are the ones to read. The same
benchmark ${other} has a section of its own.

${f.table(["query", "engine", "ms", "MB/s", "transcripts searched", "read", "vs plain rg"], cells)}

**Targets.** The built-in scanner on the rare literal, with sketches: ${verdict(rareSketch, 0.5)} (without them
${rarePlain ? ratio(rarePlain.ratio) : "—"}: every byte is read and tested, sixteen at a time in the scanner's WebAssembly SIMD kernel, on one
thread below 1 GiB). On the regex, with sketches: ${regexSketch ? ratio(regexSketch.ratio) : "—"}. The ripgrep path (ripgrep ${f.ripgrep}) with sketches
on the rare literal: ${rareRg ? ratio(rareRg.ratio) : "—"}. On the common literal the sketches cannot help (it is in most transcripts, so most
are read): built-in scanner ${verdict(commonSketch, 0.5)} (on one thread, most of its time is read() from the page cache, then
the kernel's pair search and newline counts; plain ripgrep reads on both cores), ripgrep path ${commonRg ? ratio(commonRg.ratio) : "—"} (it
collects the lines of every file ripgrep names on the agent's thread, one file after another, after ripgrep read them). In the tool a common literal stops at its first matches (50 by
default, 500 at most) in the newest transcripts, so it does not read the corpus. Peak memory (VmHWM) of a process that
runs one search of the whole corpus through the service with the built-in scanner: rare literal with sketches
${mbOf(f.memory.sketches)}, without ${mbOf(f.memory.plain)}, regex ${mbOf(f.memory.regex)}, against ${mbOf(f.memory.idle)} for the same runtime doing nothing: ${memoryOk ? "under" : "over"} the 200 MB target.

**Sketches.** One file per transcript, \`<sessionID>.md.sketch\` (0600), beside it: a 64-byte header (format version,
gram size, bytes and lines of the transcript it covers, the transcript's inode number, checksums of header and bits)
and segments, each a bitset of hashed 4-byte grams (ASCII letters folded, the Kelvin sign and long s folded onto k
and s) of the text of a run of whole lines, never across a line nor in the line number; one bit per gram. The
exporter hashes the lines past what the sketch covers into its last segment, under the export lock, and replaces the
file whole (written aside, then renamed); once a segment is 60% full a larger one is opened, sized by the transcript
so far (0.3 bits per byte). A query's literal pieces of 4 bytes or more (the literal, or the runs of plain characters
a regex cannot match without) must all be in one segment, or the transcript is not read; bytes past what the sketch
covers are probed by the byte finder. A missing, damaged, stale or foreign sketch rules nothing out.

Size: ${formatBytes(f.sketchBytes)} of sketches for ${formatBytes(f.bytes)} of transcripts (${pct(f.sketchBytes / f.bytes)})${real}. False positives,
on ${f.fp.files} transcripts of this corpus and ${f.fp.needles} identifiers of 6 to 25 characters taken from their text: a transcript
without the identifier is read anyway in ${pct(f.fp.rate)} of cases, in ${pct(f.fp.rareRate)} for identifiers that fewer than 1 transcript in
20 contains (here \`ECONNRESET\`: ${rareSketch ? rareSketch.searched.toLocaleString("en-US") : "—"} of ${f.transcripts.toLocaleString("en-US")} transcripts read). Most false positives are the grams themselves
(every 4-gram of the identifier somewhere in one segment, not in one place); the rest are bits shared by grams.
Short or common pieces rule out less: the regex's pieces (\`econn\`, \` after \`, \` retries\`) let ${regexSketch ? pct(regexSketch.searched / f.transcripts) : "—"} of the
transcripts through.
`;
}
