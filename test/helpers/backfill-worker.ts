// A separate process that runs the backfill over an OpenCode-shaped database, slowly, printing its progress, so a
// test can kill it with SIGKILL part-way. Run through the OpenCode binary (a Bun): `opencode run backfill-worker.ts`.
// Args: dataDir, database file, cpu share. Prints "progress <done>" after each session and the summary at the end.

import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { runBackfill } from "../../src/transcripts/backfill/backfill.js";
import { createDatabaseSource } from "../../src/transcripts/backfill/database-source.js";

const [dataDir, databaseFile, share] = process.argv.slice(2) as [string, string, string];
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
const source = await createDatabaseSource(databaseFile);
const outcome = await runBackfill({
  data,
  source,
  cpuShare: Number(share),
  maxSessionBytes: 1e9,
  onProgress: (p) => console.log(`progress ${p.done}`),
});
console.log(outcome.ran ? outcome.summary : `held by ${outcome.heldBy.pid}`);
