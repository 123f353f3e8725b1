/**
 * Appending 10 new messages to the transcript of a 2,000-message session, against exporting the whole session from
 * scratch, in the same run. Both read the session from memory, so the host's own fetch is left out of both sides.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLedger, type Ledger } from "../src/ledger.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createMemorySource } from "../src/transcripts/export-file-source.js";
import { exportTranscript } from "../src/transcripts/export-transcript.js";
import { syntheticSession } from "../test/helpers/synthetic-session.js";
import { median, percentile, table, timeRuns, writeSection } from "./report.js";

const MESSAGES = 2_000;
const APPENDED = 10;
const FULL_RUNS = 7;
const APPEND_RUNS = 21;
const SCOPE = "/projects/bench";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));
let ledgers = 0;
function freshLedger(): Ledger {
  return createLedger(parseOptions({ dataDir: path.join(root, `data-${ledgers++}`) }).options, createMemoryLogger());
}

try {
  const session = syntheticSession(MESSAGES / 2, "ses_benchappend000001");
  const source = createMemorySource([session.data]);
  const sessionID = session.sessionID;
  const run = (ledger: Ledger) => exportTranscript({ ledger, source, sessionID, scope: SCOPE });

  let full = { totalLines: 0, path: "" };
  const fullTimes = await timeRuns(FULL_RUNS, async () => {
    const ledger = freshLedger();
    full = await run(ledger);
    ledger.database.close();
  });
  const fullBytes = fs.statSync(full.path).size;

  // One transcript that each run grows by 10 messages: the session is 2,000 messages and more throughout.
  const ledger = freshLedger();
  session.data.messages.splice(MESSAGES - APPENDED);
  await run(ledger);
  let turn = MESSAGES;
  let appended = 0;
  const appendTimes = await timeRuns(APPEND_RUNS, async () => {
    for (let i = 0; i < APPENDED / 2; i++) session.turn(turn++);
    appended = (await run(ledger)).appendedLines;
  });
  ledger.database.close();

  const fullMedian = median(fullTimes);
  const appendMedian = median(appendTimes);
  const ratio = appendMedian / fullMedian;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  writeSection(
    "transcript-append",
    "Transcript export: appending 10 messages vs exporting 2,000",
    [
      `A synthetic session of ${MESSAGES} messages (user requests; assistant turns with reasoning, a shell call and a file read with their outputs, an answer, step boundaries) is exported whole into a fresh store ${FULL_RUNS} times; then one transcript of it is grown by ${APPENDED} messages ${APPEND_RUNS} times (one warm-up run each, not counted). The session is read from memory on both sides.`,
      "",
      table(
        ["case", "median", "p90", "runs"],
        [
          [
            `export ${MESSAGES} messages from scratch (${full.totalLines} lines, ${(fullBytes / 2 ** 20).toFixed(1)} MB)`,
            ms(fullMedian),
            ms(percentile(fullTimes, 90)),
            FULL_RUNS,
          ],
          [
            `append ${APPENDED} messages (${appended} lines) to ${MESSAGES}+`,
            ms(appendMedian),
            ms(percentile(appendTimes, 90)),
            APPEND_RUNS,
          ],
        ],
      ),
      "",
      `Append / full export, medians: **${(ratio * 100).toFixed(1)}%** (target ≤ 5%). An append reads only the fingerprints of the messages already written (one row per message), renders and writes only what is new, and checks only the bytes past the end the index knows.`,
    ].join("\n"),
  );
  if (ratio > 0.05)
    console.error(`[bench] transcript-append: ratio ${(ratio * 100).toFixed(1)}% is above the 5% target`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
