/**
 * Where the backfill should read sessions from, measured: the OpenCode server (`GET /session`, then `GET /session/:id`
 * and `GET /session/:id/message` per session, as the plugin's client would), against OpenCode's database opened
 * read-only (the backfill's reader), for the same sessions of one project, on the real OpenCode 1.18.33 (no plugin
 * loaded, so only the reading is measured). The two alternate; medians.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabaseSource } from "../src/transcripts/backfill/database-source.js";
import { createOpencodeDb, storedSession } from "../test/helpers/opencode-db.js";
import { launch } from "../test/live/harness.js";
import { prepareHome, runCli } from "../test/live/live-home.js";
import { startStubModel } from "../test/live/stub-model.js";
import { loadAverage, median, table, writeFigures, writeSection } from "./report.js";

const SESSIONS = Number(process.env.BENCH_SOURCE_SESSIONS ?? 100);
const RUNS = Number(process.env.BENCH_SOURCE_RUNS ?? 3);

const loadBefore = loadAverage();
const stub = await startStubModel();
const paths = prepareHome(stub, { plugin: false });
// One real session, imported by OpenCode itself (it also creates the database with OpenCode's own migrations).
const corpus =
  process.env.LEDGER_CORPUS_DIR ?? fileURLToPath(new URL("../../shared/corpus/opencode-export", import.meta.url));
const real = path.join(corpus, "session__jolly-eagle__ses_39b5d713cffeRgAoxPIwS3Plus.json");
const imported = await runCli(paths, ["import", real]);
if (!imported.output.includes("Imported session")) throw new Error(`opencode import failed: ${imported.output}`);
const file = path.join(paths.xdgData, "opencode", "opencode.db");
const db = await createOpencodeDb(path.dirname(file), { existing: true });
db.connection.exec("BEGIN");
let messages = 0;
for (let i = 0; i < SESSIONS; i++) {
  const session = storedSession(2 + ((i * 7) % 24), `ses_benchsrc${String(i).padStart(6, "0")}`);
  session.info.directory = paths.project;
  db.add(session, { updated: 1_771_200_000_000 + i });
  messages += session.messages.length;
}
db.connection.exec("COMMIT");
db.close();
const oc = await launch(paths, stub, true);

interface Read {
  sessions: number;
  messages: number;
}

async function viaServer(): Promise<Read> {
  const query = `directory=${encodeURIComponent(paths.project)}`;
  // The list is paged (100 by default): ask for all of them in one page.
  const list = (await (await fetch(`${oc.base}/session?${query}&limit=100000`)).json()) as { id: string }[];
  let read = 0;
  for (const { id } of list) {
    await (await fetch(`${oc.base}/session/${id}?${query}`)).json();
    const all = (await (await fetch(`${oc.base}/session/${id}/message?${query}`)).json()) as unknown[];
    read += all.length;
  }
  return { sessions: list.length, messages: read };
}

async function viaDatabase(): Promise<Read> {
  const source = await createDatabaseSource(file);
  const { sessions } = await source.list();
  let read = 0;
  for (const { id } of sessions) {
    await source.session(id);
    read += (await source.messages(id)).length;
  }
  source.close();
  return { sessions: sessions.length, messages: read };
}

try {
  const times = { server: [] as number[], database: [] as number[] };
  const counts = { server: { sessions: 0, messages: 0 }, database: { sessions: 0, messages: 0 } };
  await viaServer();
  await viaDatabase();
  for (let n = 0; n < RUNS; n++) {
    for (const [name, fn] of [
      ["server", viaServer],
      ["database", viaDatabase],
    ] as const) {
      const began = performance.now();
      counts[name] = await fn();
      times[name].push(performance.now() - began);
    }
  }
  const [server, database] = [median(times.server), median(times.database)];
  const ratio = server / database;
  const total = SESSIONS + 1;
  if (counts.server.sessions !== total || counts.database.sessions !== total) {
    throw new Error(
      `sessions read: server ${counts.server.sessions}, database ${counts.database.sessions}, expected ${total}`,
    );
  }
  writeFigures("backfill-source", [
    {
      what: `reading ${total} sessions: OpenCode server vs its database`,
      value: `${(server / 1000).toFixed(2)} s vs ${(database / 1000).toFixed(2)} s (${ratio.toFixed(1)}x)`,
    },
  ]);
  writeSection(
    "backfill-source",
    "Backfill source: OpenCode's server or its database",
    `Load average when the run started: ${loadBefore}.

${total} sessions of one project (${messages.toLocaleString("en-US")} synthetic messages written the way OpenCode stores them, plus one real session imported with \`opencode import\`) are read whole, each session and every message with its parts, on the real \`opencode serve\` 1.18.33 without the plugin. _server_: \`GET /session\`, then \`GET /session/:id\` and \`GET /session/:id/message\` per session over HTTP on 127.0.0.1, JSON parsed (the plugin's client makes the same requests). _database_: the backfill's reader, OpenCode's database opened read-only, rows narrowed as the exporter needs them. One warm-up each, then ${RUNS} runs alternating; medians.

${table(
  ["source", "wall time", "per session", "sessions read", "messages read"],
  (["server", "database"] as const).map((name) => [
    name,
    `${(median(times[name]) / 1000).toFixed(2)} s`,
    `${(median(times[name]) / total).toFixed(1)} ms`,
    counts[name].sessions,
    counts[name].messages.toLocaleString("en-US"),
  ]),
)}

Reading through the server takes **${ratio.toFixed(1)}x** the time of reading the database, and it reaches one project per request: a session of another project needs \`?directory=<its folder>\`, which makes the server boot an instance for that folder (its config, and the plugins, this one included, a second time). The backfill therefore reads OpenCode's database, read-only; the server stays the source of every export the plugin makes while OpenCode runs (idle, compaction, a tool naming a session).`,
  );
} finally {
  await oc.stop();
}
