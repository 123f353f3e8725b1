// One export of a session read from an `opencode export` file, in a process of its own (run under Bun, the plugin's
// runtime: `opencode run export-once.ts`), for tests that kill it part-way. Args: dataDir, session file, session id,
// inline output bound in bytes. Prints "exported <total lines>" when done.

import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createExportFileSource } from "../../src/transcripts/source/export-file-source.js";

const [dataDir, sessionFile, sessionID, inline] = process.argv.slice(2) as [string, string, string, string];
const { options } = parseOptions({ dataDir, compaction: { inlineOutputMaxBytes: Number(inline) } });
const data = createDataContext(options, createMemoryLogger());
console.log("started");
const result = await exportTranscript({
  data,
  source: createExportFileSource([sessionFile]),
  sessionID,
  scope: "/projects/killed",
});
data.database.close();
console.log(`exported ${result.totalLines}`);
