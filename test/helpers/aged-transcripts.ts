/**
 * Transcripts of one project on a real store, the i-th (`ids[i]`) last used i days before `now`: what the cleanup
 * rules (days unused, a cap, the newest kept, sessions OpenCode no longer has) are tested against. The data
 * context's clock stands at each session's time while it is exported, and at `now` afterwards.
 */
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource, type SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { lastUsedAt, syntheticSession } from "./synthetic-session.js";
import { type TestDataContext, testDataContext } from "./transcripts.js";

export const DAY = 86_400_000;

export interface AgedSpec {
  count: number;
  /** Session ids are `<prefix><i>`, the number padded with zeros to 20 characters in all. */
  prefix: string;
  scope: string;
  now: number;
  /** Plugin options of the data context (the retention rules among them). */
  options?: Record<string, unknown>;
  /** Bytes of each session's tool output; 200 unless told. */
  outputBytes?: number;
}

export interface AgedTranscripts {
  data: TestDataContext;
  /** `sessions[i]`, `ids[i]`, `files[i]`: the session last used i days ago, its id and its transcript. */
  sessions: SessionExport[];
  ids: string[];
  files: string[];
  /** Exports another session into `scope` as last used at `at`; the clock goes back to `now`. */
  exportAt(session: SessionExport, at: number, scope: string): Promise<string>;
}

export async function agedTranscripts(spec: AgedSpec): Promise<AgedTranscripts> {
  let now = spec.now;
  const data = testDataContext(spec.options, () => now);
  const exportAt = async (session: SessionExport, at: number, scope: string) => {
    now = at;
    lastUsedAt(session, at);
    const source = createMemorySource([session]);
    const result = await exportTranscript({ data, source, sessionID: session.info.id, scope });
    now = spec.now;
    return result.path;
  };
  const sessions: SessionExport[] = [];
  const ids: string[] = [];
  const files: string[] = [];
  // Oldest first, as they would have been written.
  for (let i = spec.count - 1; i >= 0; i--) {
    const id = `${spec.prefix}${String(i).padStart(20 - spec.prefix.length, "0")}`;
    const session = syntheticSession(1, id, spec.outputBytes ?? 200).data;
    session.info.directory = spec.scope;
    sessions[i] = session;
    ids[i] = id;
    files[i] = await exportAt(session, spec.now - i * DAY, spec.scope);
  }
  return { data, sessions, ids, files, exportAt };
}
