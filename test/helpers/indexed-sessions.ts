/**
 * Sessions exported through the real exporter into a fresh ledger (transcript, store, sketch and search index), and
 * the plugin's search over them: what the ranked-search tests start from.
 */
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch, type SearchDeps } from "../../src/search/search.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource, type SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { type TestLedger, testLedger } from "./transcripts.js";

export const PROJECT = "/projects/demo";

export async function exportAll(ledger: TestLedger, sessions: readonly SessionExport[], scope = PROJECT) {
  const source = createMemorySource(sessions);
  const results = [];
  for (const s of sessions) results.push(await exportTranscript({ ledger, source, sessionID: s.info.id, scope }));
  return results;
}

export function searchOver(ledger: TestLedger, extra: Partial<SearchDeps> = {}) {
  return createTranscriptSearch({
    transcriptsDir: ledger.transcriptsDir,
    database: ledger.database,
    useRipgrep: false,
    locateRipgrep: createRipgrepLocator(undefined),
    index: ledger.searchIndex,
    log: ledger.log,
    ...extra,
  });
}

export async function indexedLedger(sessions: readonly SessionExport[], scope = PROJECT) {
  const ledger = testLedger();
  const exported = await exportAll(ledger, sessions, scope);
  return { ledger, exported, search: searchOver(ledger) };
}
