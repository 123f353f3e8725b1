// Measures how much memory one operation of the built package (dist/) takes in a process of its own: the resident
// set before it, and the peak the kernel saw (maxRSS) after it. Runs under Node and under Bun (the plugin's runtime).
// Usage: size-probe.mjs search <transcriptsDir> <scope> <query>
//        size-probe.mjs read <file> <offset> <maxBytes>
//        size-probe.mjs export <dataDir> <toolOutputBytes>
//        size-probe.mjs export-line <dataDir> <lineBytes>   (a session whose user message is one line of lineBytes)
//        size-probe.mjs ranked <dataDir> <scope> <query>    (indexes what is new, then a ranked search)
// Prints one JSON line: { rssBefore, peakRss, growth, ...what the operation returned }.
import fs from "node:fs";

const [what, ...args] = process.argv.slice(2);

// The kernel's peak of this process's own memory (VmHWM), reset just before the operation where Linux allows it.
// Not getrusage's maxRSS: that keeps the peak of the parent a child was forked from (a test runner of 200 MB).
function status(field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) * 1024 : undefined;
}
function rssBefore() {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Not allowed here: the peak then counts from the start of the process, which only makes it larger.
  }
  return status("VmRSS") ?? process.memoryUsage().rss;
}
const peak = () => status("VmHWM") ?? process.resourceUsage().maxRSS * 1024;

async function search(transcriptsDir, scope, query) {
  const { createTranscriptSearch } = await import("../../dist/search/search.js");
  const { createRipgrepLocator } = await import("../../dist/search/ripgrep/locate.js");
  const run = createTranscriptSearch({ transcriptsDir, useRipgrep: false, locateRipgrep: createRipgrepLocator() });
  const before = rssBefore();
  const outcome = await run({ query, scope, all: true, threads: 2 });
  return {
    before,
    bytes: Buffer.byteLength(outcome.text),
    matches: outcome.result.matches,
    searched: outcome.result.searched,
    timedOut: outcome.result.timedOut,
    lastLine: outcome.text.split("\n").at(-1),
  };
}

async function read(file, offset, maxBytes) {
  const { readWindow } = await import("../../dist/transcripts/transcript-reader.js");
  const before = rssBefore();
  const window = readWindow(file, { offset: Number(offset), limit: 200, maxBytes: Number(maxBytes) });
  return { before, bytes: Buffer.byteLength(window.lines.join("\n")), lines: window.lines.length, cut: window.cutLine };
}

const T = 1_771_200_000_000;

/** A user message of one text part. */
function userMessage(sessionID, id, text) {
  return {
    info: {
      id,
      sessionID,
      role: "user",
      time: { created: T },
      agent: "build",
      model: { providerID: "p", modelID: "m" },
    },
    parts: [{ id: id.replace("msg_", "prt_"), sessionID, messageID: id, type: "text", text }],
  };
}

/**
 * Exports one session of `messages` into a fresh data context of `dataDir`; the resident set is taken after the
 * modules are loaded and the session is built, so the growth is the export's own.
 */
async function exportMeasured(dataDir, session, messages) {
  const { createDataContext } = await import("../../dist/services.js");
  const { createMemoryLogger } = await import("../../dist/log.js");
  const { parseOptions } = await import("../../dist/options.js");
  const { createMemorySource } = await import("../../dist/transcripts/source/export-file-source.js");
  const { exportTranscript } = await import("../../dist/transcripts/export/export-transcript.js");
  const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
  const info = { id: session.id, title: session.title, directory: "/p", time: { created: T, updated: T } };
  const source = createMemorySource([{ info, messages }]);
  const before = rssBefore();
  const result = await exportTranscript({ data, source, sessionID: session.id, scope: "/p" });
  data.searchIndex.close();
  data.database.close();
  return { before, transcriptBytes: fs.statSync(result.path).size, lines: result.totalLines };
}

/** A session whose one tool call printed `outputBytes` of output. */
function exportSession(dataDir, outputBytes) {
  const sessionID = "ses_sizeprobe0000001";
  // Lines of 100 bytes, made flat in one allocation: the session holds its output before the export starts.
  const output = Buffer.alloc(
    Number(outputBytes),
    `${"output line of a huge command ".repeat(4).slice(0, 99)}\n`,
  ).toString("latin1");
  const base = { sessionID, messageID: "msg_sizeprobe0000002" };
  const assistant = {
    info: {
      id: "msg_sizeprobe0000002",
      sessionID,
      role: "assistant",
      time: { created: T + 1, completed: T + 2 },
      parentID: "msg_sizeprobe0000001",
      modelID: "m",
      providerID: "p",
      mode: "build",
      agent: "build",
      path: { cwd: "/p", root: "/p" },
      cost: 0,
      tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } },
    },
    parts: [
      {
        ...base,
        id: "prt_sizeprobe0000002",
        type: "tool",
        callID: "call_1",
        tool: "bash",
        state: {
          status: "completed",
          input: { command: "huge" },
          output,
          title: "huge",
          metadata: {},
          time: { start: T, end: T + 1 },
        },
      },
      { ...base, id: "prt_sizeprobe0000003", type: "text", text: "done", time: { start: T, end: T + 1 } },
    ],
  };
  return exportMeasured(dataDir, { id: sessionID, title: "Size probe" }, [
    userMessage(sessionID, "msg_sizeprobe0000001", "run the huge command"),
    assistant,
  ]);
}

/** A session with one user message that is a single line of `lineBytes` (a big paste). */
function exportLine(dataDir, lineBytes) {
  const sessionID = "ses_sizeprobeline001";
  const words = "pasted words of a long line ".repeat(Math.ceil(Number(lineBytes) / 28)).slice(0, Number(lineBytes));
  return exportMeasured(dataDir, { id: sessionID, title: "Long line" }, [
    userMessage(sessionID, "msg_sizeprobeline001", `${words} needlefound at its end`),
  ]);
}

async function ranked(dataDir, scope, query) {
  const { createServices } = await import("../../dist/services.js");
  const { createMemoryLogger } = await import("../../dist/log.js");
  const { parseOptions } = await import("../../dist/options.js");
  const services = createServices({ options: parseOptions({ dataDir }).options, log: createMemoryLogger(), scope });
  const before = rssBefore();
  const outcome = await services.search({ query, scope, mode: "ranked", all: true });
  services.close();
  return { before, bytes: Buffer.byteLength(outcome.text), engine: outcome.engine, hits: outcome.ranked?.hits.length };
}

const run = { search, read, export: exportSession, "export-line": exportLine, ranked }[what];
if (!run) {
  console.error(`unknown probe ${what}`);
  process.exit(2);
}
const result = await run(...args);
const peakRss = peak();
console.log(
  JSON.stringify({ ...result, rssBefore: result.before, peakRss, growth: Math.max(0, peakRss - result.before) }),
);
process.exit(0);
