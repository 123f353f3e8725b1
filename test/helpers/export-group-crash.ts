// A process that exports session export files in one group (`exportTranscripts`) and is killed (SIGKILL) as the
// index update of the group's session number `killAt` (from 1) begins: the group's index batch is open, holding the
// updates before it, and never commits. Run through the OpenCode binary (a Bun): `opencode run export-group-crash.ts
// <dataDir> <scope> <killAt> <session file>…`.

import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { createDataContext } from "../../src/services.js";
import { exportTranscripts } from "../../src/transcripts/export/export-transcript.js";
import { createExportFileSource, readExportFile } from "../../src/transcripts/source/export-file-source.js";

const [dataDir, scope, killAt, ...files] = process.argv.slice(2) as [string, string, string, ...string[]];
const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
const source = createExportFileSource(files);
const update = data.searchIndex.update.bind(data.searchIndex);
let updates = 0;
data.searchIndex.update = (transcript) => {
  if (++updates === Number(killAt)) process.kill(process.pid, "SIGKILL");
  return update(transcript);
};
await exportTranscripts(files.map((file) => ({ data, source, sessionID: readExportFile(file).info.id, scope })));
console.log("not killed");
