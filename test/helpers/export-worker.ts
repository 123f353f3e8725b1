// A separate process that exports one session again and again while another process grows it, until told to stop.
// Run by the concurrency test through the OpenCode binary (a Bun): `opencode run export-worker.ts <args>`.
// Args: dataDir, session export file, session id, stop-marker file. Prints one JSON line when done.
import fs from "node:fs";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createExportFileSource } from "../../src/transcripts/source/export-file-source.js";

const [dataDir, sessionFile, sessionID, stopFile] = process.argv.slice(2) as [string, string, string, string];
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
const source = createExportFileSource([sessionFile]);
let exports = 0;
let appending = 0;
console.log("ready");
for (let last = false; ; ) {
  last = fs.existsSync(stopFile);
  const result = await exportTranscript({ data, source, sessionID, scope: "/projects/concurrent" });
  exports++;
  if (result.appendedLines > 0) {
    appending++;
    console.log("appended");
  }
  if (last) break;
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
}
data.database.close();
console.log(JSON.stringify({ exports, appending }));
