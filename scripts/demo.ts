/**
 * `npm run demo`: starts the real OpenCode (the binary from the opencode-ai dev dependency) with the plugin as it
 * ships (dist/) and a local stub model on 127.0.0.1, in a throw-away HOME, and shows in plain words what the plugin
 * does. No network. Each part is a step; a step whose tool is not in this build says so and the demo goes on.
 * Runs under Bun (the OpenCode binary): `BUN_BE_BUN=1 node_modules/.bin/opencode run scripts/demo.ts`.
 * `LEDGER_DEMO_KEEP=1` (or `--keep`) keeps the HOME, with the store and the transcripts, and says where.
 */
import fs from "node:fs";
import path from "node:path";
import { readProgress } from "../src/transcripts/backfill/backfill-progress.js";
import { type LiveServer, launch } from "../test/live/harness.js";
import { baseConfig, filler, prepareHome } from "../test/live/live-home.js";
import { startStubModel } from "../test/live/stub-model.js";

interface Context {
  oc: LiveServer;
  sessionID: string;
  planted: string;
  /** A session from before the plugin was installed, and a phrase in it. */
  old: { sessionID: string; phrase: string };
}

interface Step {
  title: string;
  /** Tools the step needs; when one is missing the step is skipped with a note. */
  tools: string[];
  run(ctx: Context): Promise<string[]>;
}

const say = (line = "") => console.log(line);
const keep = process.env.LEDGER_DEMO_KEEP === "1" || process.argv.includes("--keep");
const indent = (text: string, prefix = "    ") =>
  text
    .split("\n")
    .map((l) => prefix + l)
    .join("\n");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The last tool result the stub model received, i.e. what the agent saw. */
function lastToolResult(oc: LiveServer, mark: number): string {
  const request = oc.stub.since(mark).find((r) => r.messages.at(-1)?.role === "tool");
  return request?.messages.at(-1)?.text ?? "(no tool result)";
}

const history: Step = {
  title: "The whole history, from the first minute: a session that never compacted",
  tools: ["memory_session_search"],
  async run({ oc, sessionID, old }) {
    const deadline = Date.now() + 60_000;
    let done = readProgress(oc.dataDir);
    while (done?.finishedAt === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = readProgress(oc.dataDir);
    }
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args: { query: old.phrase, all: true } });
    await oc.prompt(sessionID, "Which host did we use for the staging database, back before this plugin?");
    const result = lastToolResult(oc, mark);
    const found = result.includes(old.sessionID) && result.includes(old.phrase);
    return [
      `Session ${old.sessionID} ran before the plugin was installed and never compacted.`,
      done?.finishedAt !== undefined
        ? `In the background, the plugin read OpenCode's database (read-only) and copied ${done.exported} of its ${done.total} sessions into transcripts (${done.lines} lines; ${done.current} already current), indexed for search, in ${((done.finishedAt - done.startedAt) / 1000).toFixed(1)} s.`
        : "The background backfill did not finish within 60 s.",
      `The model called memory_session_search for "${old.phrase}" in every project and got back:`,
      indent(result.slice(0, 900)),
      found ? "Found, with the session and the line it is on." : "Not found.",
    ];
  },
};

const compaction: Step = {
  title: "Lossless compaction at zero provider cost",
  tools: [],
  async run({ oc, sessionID }) {
    const before = oc.stub.requests.filter((r) => r.kind === "chat");
    const mark = oc.stub.mark();
    const started = performance.now();
    await oc.summarize(sessionID);
    const ms = performance.now() - started;
    const during = oc.stub.since(mark);
    const summary = (await oc.summary(sessionID))?.text ?? "";
    const file = /Transcript: (\S+) \(lines 1-(\d+)\)/.exec(summary);
    const sentBefore = before.at(-1)?.bytes ?? 0;
    return [
      `The session had ${before.length} model turns; its last request to the provider was ${kb(sentBefore)}.`,
      `Compaction took ${ms.toFixed(0)} ms. The provider received ${during.length} requests and ${during.reduce((s, r) => s + r.bytes, 0)} bytes for it.`,
      `The stored summary is this pointer (${summary.length} characters):`,
      indent(summary),
      file
        ? `The transcript ${file[1]} has ${file[2]} numbered lines, file mode ${(fs.statSync(file[1] ?? "").mode & 0o777).toString(8)}.`
        : "No transcript path found in the summary.",
    ];
  },
};

const read: Step = {
  title: "The transcript, read back after compaction",
  tools: ["memory_session_read"],
  async run({ oc, sessionID, planted }) {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_read", args: { sessionID, offset: 1, limit: 12 } });
    await oc.prompt(sessionID, "Show me how this session started.");
    const window = lastToolResult(oc, mark);
    const hit = window.split("\n").find((l) => l.includes(planted));
    return [
      "The model called memory_session_read for the first 12 lines and got back:",
      indent(window.slice(0, 1_200)),
      hit
        ? `The codename is there, word for word, on line ${hit.trim().split("\t")[0]}.`
        : "The codename is not in that window.",
    ];
  },
};

const recall: Step = {
  title: "Exact recall after compaction",
  tools: ["memory_session_search"],
  async run({ oc, sessionID, planted }) {
    const mark = oc.stub.mark();
    oc.stub.script({ callTool: "memory_session_search", args: { query: planted, sessionID } });
    await oc.prompt(sessionID, "What was the release codename I gave you at the start?");
    const result = lastToolResult(oc, mark);
    // A ranked hit's lines are `N: text` under its header, below the heading naming its session.
    const line = result.split("\n").find((l) => l.includes(planted) && /^\d+: /.test(l));
    return [
      `The model called memory_session_search for "${planted}" and got back:`,
      indent(result.slice(0, 1_200)),
      line
        ? `Found word for word on line ${/^(\d+): /.exec(line)?.[1]} of the transcript.`
        : "The value was not found.",
    ];
  },
};

const memory: Step = {
  title: "Curated memory: save, search, and a secret refused",
  tools: ["memory_save", "memory_search"],
  async run({ oc, sessionID }) {
    const lines: string[] = [];
    const call = async (tool: string, args: Record<string, unknown>, label: string) => {
      const mark = oc.stub.mark();
      oc.stub.script({ callTool: tool, args });
      await oc.prompt(sessionID, label);
      lines.push(`${label} -> ${tool}:`, indent(lastToolResult(oc, mark).slice(0, 600)));
    };
    await call(
      "memory_save",
      { kind: "decision", title: "Deploys go through the staging gate", body: "Every deploy passes staging first." },
      "Save the deploy decision.",
    );
    await call("memory_search", { query: "staging gate" }, "What did we decide about deploys?");
    const secret = "ghp_Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz9Xc8V";
    await call(
      "memory_save",
      { kind: "fact", title: "CI token", body: `the token is ${secret}` },
      "Save the CI token.",
    );
    const storeFiles = fs.readdirSync(oc.dataDir).filter((f) => f.startsWith("ledger.db"));
    const leaks = storeFiles.filter((f) => fs.readFileSync(path.join(oc.dataDir, f)).includes(secret));
    lines.push(
      `The refused secret appears in ${leaks.length} of the ${storeFiles.length} store files (${storeFiles.join(", ")}).`,
    );
    return lines;
  },
};

const nextSession: Step = {
  title: "A new session starts with the memory",
  tools: ["memory_save"],
  async run({ oc }) {
    const fresh = await oc.createSession("next day");
    const mark = oc.stub.mark();
    await oc.prompt(fresh, "What should I know before deploying?");
    const system = oc.stub
      .since(mark)
      .filter((r) => r.kind === "chat")
      .at(-1)?.system;
    const block = system ? /<memory source="opencode-ledger">[\s\S]*?<\/memory>/.exec(system)?.[0] : undefined;
    if (!block) return ["The new session's system prompt carried no memory block."];
    return [
      `The model's system prompt in a new session carried this block (${block.length} characters, at most 1,200):`,
      indent(block),
      block.includes("Deploys go through the staging gate")
        ? "The deploy decision saved in the first session is there, with its id."
        : "The deploy decision is missing from it.",
    ];
  },
};

const steps: Step[] = [history, compaction, read, recall, memory, nextSession];

async function main(): Promise<void> {
  const started = performance.now();
  say("opencode-ledger demo: the real OpenCode, a local stub model on 127.0.0.1, nothing leaves this machine.");
  const stub = await startStubModel();
  const paths = prepareHome(stub, { plugin: { backfill: { delayMs: 0 } } });
  const configFile = path.join(paths.home, ".config", "opencode", "opencode.json");
  const withPlugin = fs.readFileSync(configFile, "utf8");
  // First, OpenCode as it was before the plugin: a session of two turns that never compacts.
  const phrase = "db-staging-7.internal";
  fs.writeFileSync(configFile, JSON.stringify(baseConfig(stub, false), null, 2));
  const before = await launch(paths, stub, false, "before.log");
  const oldSession = await before.createSession("before the plugin");
  await before.prompt(oldSession, `The staging database host is ${phrase}; the port is 6432.`);
  await before.prompt(oldSession, "Thanks, that is all for today.");
  process.env.LEDGER_KEEP_LIVE = "1"; // keep the HOME: the same OpenCode starts again below, now with the plugin
  await before.stop();
  delete process.env.LEDGER_KEEP_LIVE;
  fs.writeFileSync(configFile, withPlugin);
  const oc = await launch(paths, stub, true);
  try {
    say(
      `OpenCode is up (${((performance.now() - started) / 1000).toFixed(1)} s), in the ${keep ? "" : "throw-away "}HOME ${oc.home}.`,
    );
    const planted = "ORCHID-7731-QUARTZ";
    const sessionID = await oc.createSession("demo");
    await oc.prompt(sessionID, `The release codename is ${planted}. Keep it in mind.\n${filler("log", 40)}`);
    fs.writeFileSync(path.join(oc.project, "notes.txt"), "The cache lives in /var/cache/app.\n");
    oc.stub.script({ callTool: "read", args: { filePath: path.join(oc.project, "notes.txt") } });
    await oc.prompt(sessionID, `Read notes.txt, then plan the parser refactor.\n${filler("plan", 40)}`);
    const available = new Set(oc.stub.requests.flatMap((r) => r.tools));
    const ctx: Context = { oc, sessionID, planted, old: { sessionID: oldSession, phrase } };
    for (const [i, step] of steps.entries()) {
      say();
      say(`${i + 1}. ${step.title}`);
      const missing = step.tools.filter((t) => !available.has(t));
      if (missing.length > 0) {
        say(`   skipped: ${missing.join(", ")} not in this build.`);
        continue;
      }
      for (const line of await step.run(ctx)) say(indent(line, "   "));
    }
  } finally {
    if (keep) process.env.LEDGER_KEEP_LIVE = "1";
    await oc.stop();
  }
  say();
  const took = `Done in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (!keep) {
    say(`${took}; the throw-away HOME is removed (LEDGER_DEMO_KEEP=1 npm run demo keeps it).`);
    return;
  }
  say(`${took}. The HOME is kept in ${paths.root}:`);
  say(`   the store and the transcripts: ${paths.dataDir}`);
  say(`   the demo's project folder:     ${paths.project}`);
  say(`   look (in this checkout): npx opencode-ledger --data-dir ${paths.dataDir} transcripts list --scope all`);
  say("           (or list --scope all, stats --scope all, transcripts read <session id>)");
  say(`   remove: rm -rf ${paths.root}`);
}

await main();
