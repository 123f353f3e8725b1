/**
 * Appending 10 new messages to the transcript of a 2,000-message session, against exporting the whole session from
 * scratch, in the same run. Both read the session from memory, so the host's own fetch is left out of both sides.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createDataContext, type IndexedDataContext } from "../src/services.js";
import { exportTranscript } from "../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { syntheticSession } from "../test/helpers/synthetic-session.js";
import { loadAverage, median, percentile, table, writeFigures, writeSection } from "./report.js";

const MESSAGES = 2_000;
const APPENDED = 10;
const RUNS = 15;
const SCOPE = "/projects/bench";

const loadBefore = loadAverage();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-bench-"));
let ledgers = 0;
function freshLedger(): IndexedDataContext {
  return createDataContext(
    parseOptions({ dataDir: path.join(root, `data-${ledgers++}`) }).options,
    createMemoryLogger(),
  );
}

try {
  const session = syntheticSession(MESSAGES / 2, "ses_benchappend000001");
  const sessionID = session.sessionID;
  // The full export always sees the first 2,000 messages; the growing transcript sees them all.
  const whole = { info: session.data.info, messages: session.data.messages.slice() };
  const fullSource = createMemorySource([whole]);
  const growingSource = createMemorySource([session.data]);

  // One transcript that each run grows by 10 messages: the session is 2,000 messages and more throughout.
  const growing = freshLedger();
  session.data.messages.splice(MESSAGES - APPENDED);
  await exportTranscript({ data: growing, source: growingSource, sessionID, scope: SCOPE });
  let turn = MESSAGES;

  // Full exports and appends alternate, so both meet the same load on the machine; the first of each is a warm-up.
  const fullTimes: number[] = [];
  const appendTimes: number[] = [];
  let full = { totalLines: 0, path: "" };
  let appended = 0;
  for (let run = 0; run <= RUNS; run++) {
    const data = freshLedger();
    let start = performance.now();
    full = await exportTranscript({ data, source: fullSource, sessionID, scope: SCOPE });
    const fullTime = performance.now() - start;
    data.database.close();
    for (let i = 0; i < APPENDED / 2; i++) session.turn(turn++);
    start = performance.now();
    appended = (await exportTranscript({ data: growing, source: growingSource, sessionID, scope: SCOPE }))
      .appendedLines;
    const appendTime = performance.now() - start;
    if (run === 0) continue;
    fullTimes.push(fullTime);
    appendTimes.push(appendTime);
  }
  growing.database.close();
  const fullBytes = fs.statSync(full.path).size;

  const fullMedian = median(fullTimes);
  const appendMedian = median(appendTimes);
  const ratio = appendMedian / fullMedian;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  writeFigures("transcript-append", [
    {
      what: `append ${APPENDED} messages vs export ${MESSAGES.toLocaleString("en-US")} from scratch`,
      value: `${ms(appendMedian)} vs ${ms(fullMedian)} (${(ratio * 100).toFixed(1)}%)`,
      target: "≤ 5%",
      met: ratio <= 0.05,
    },
  ]);
  writeSection(
    "transcript-append",
    "Transcript export: appending 10 messages vs exporting 2,000",
    [
      `Load average when the run started: ${loadBefore}.`,
      "",
      `A synthetic session of ${MESSAGES} messages (user requests; assistant turns with reasoning, a shell call and a file read with their outputs, an answer, step boundaries) is exported whole into a fresh store, and one transcript of it is grown by ${APPENDED} messages, alternately, ${RUNS} times each after one warm-up of each. The session is read from memory on both sides.`,
      "",
      table(
        ["case", "median", "p90", "runs"],
        [
          [
            `export ${MESSAGES} messages from scratch (${full.totalLines} lines, ${(fullBytes / 2 ** 20).toFixed(1)} MB)`,
            ms(fullMedian),
            ms(percentile(fullTimes, 90)),
            RUNS,
          ],
          [
            `append ${APPENDED} messages (${appended} lines) to ${MESSAGES}+`,
            ms(appendMedian),
            ms(percentile(appendTimes, 90)),
            RUNS,
          ],
        ],
      ),
      "",
      `Append / full export, medians: **${(ratio * 100).toFixed(1)}%** (target ≤ 5%). An append skips every settled message it already wrote by its part count, fingerprints the others from ids, statuses, times and lengths, reuses the message rows it kept from the last export, renders and writes only what is new, and checks only the bytes past the end the index knows, and hashes only the appended lines into the search sketch; both sides pay one store commit and a sketch write (the full export hashes the whole transcript).`,
    ].join("\n"),
  );
  if (ratio > 0.05)
    console.error(`[bench] transcript-append: ratio ${(ratio * 100).toFixed(1)}% is above the 5% target`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
