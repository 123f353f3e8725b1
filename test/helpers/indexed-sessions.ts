/**
 * Sessions exported through the real exporter into a fresh data (transcript, store, sketch and search index), and
 * the plugin's search over them: what the ranked-search tests start from.
 */
import fs from "node:fs";
import type { RankingProfile } from "../../src/search/ranked/ranking-profile.js";
import { profileWith } from "../../src/search/ranked/ranking-profile-override.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import {
  createExportFileSource,
  createMemorySource,
  type SessionExport,
} from "../../src/transcripts/source/export-file-source.js";
import { searchOver } from "./search-over.js";
import { SessionBuilder } from "./synthetic-session.js";
import { type TestDataContext, testDataContext } from "./transcripts.js";

export { searchOver };

export const PROJECT = "/projects/demo";
/** A second project, for what a search of PROJECT must not see without `all`. */
export const OTHER_PROJECT = "/projects/other";

/** A session of one question and its one-line answer. */
export function answered(id: string, question: string, answer: string): SessionExport {
  const s = new SessionBuilder(id, `Work ${id}`);
  s.user(question);
  s.assistant((b) => {
    b.step();
    b.text(answer);
    b.finish();
  });
  return s.data;
}

/**
 * Sessions of PROJECT and of OTHER_PROJECT exported and indexed, with the index open for reading: what the tests of
 * the index's record of a scope start from.
 */
export async function twoProjects(own: readonly SessionExport[], other: readonly SessionExport[]) {
  const { data, search } = await indexedSessions(own);
  await exportAll(data, other, OTHER_PROJECT);
  const health = await data.searchIndex.forReading();
  if (!health.usable) throw new Error(health.reason);
  return { data, search, connection: health.connection };
}

export async function exportAll(data: TestDataContext, sessions: readonly SessionExport[], scope = PROJECT) {
  const source = createMemorySource(sessions);
  const results = [];
  for (const s of sessions) results.push(await exportTranscript({ data, source, sessionID: s.info.id, scope }));
  return results;
}

export async function indexedSessions(sessions: readonly SessionExport[], scope = PROJECT) {
  const data = testDataContext();
  const exported = await exportAll(data, sessions, scope);
  return { data, exported, search: searchOver(data) };
}

/** Real sessions (export files of the shared data) exported into PROJECT of a fresh data folder, and the search over them. */
export async function realSessions(files: readonly string[]) {
  const data = testDataContext();
  const source = createExportFileSource(files);
  for (const f of files) {
    const id = (JSON.parse(fs.readFileSync(f, "utf8")) as SessionExport).info.id;
    await exportTranscript({ data, source, sessionID: id, scope: PROJECT });
  }
  return searchOver(data);
}

/** A real session (an export file of the shared data) exported alone and asked `query` ranked, with the session named. */
export async function askRealSession(file: string, query: string, limit = 5) {
  const sessionID = (JSON.parse(fs.readFileSync(file, "utf8")) as SessionExport).info.id;
  const search = await realSessions([file]);
  return search({ query, mode: "ranked", scope: PROJECT, sessionID, limit });
}

/** Some of the ranking profile's weights, group by group (the rest stay the default's). */
export type ProfileOverrides = { [G in keyof RankingProfile]?: Partial<RankingProfile[G]> };

/**
 * Real sessions (export files of the shared data) exported into PROJECT, and `query` asked ranked over them (limit 5,
 * with `sessionID` named when given) with a profile of the default's weights and `overrides`': what a test that one
 * weight makes the difference asks, with it and without.
 */
export async function askWithProfile(files: readonly string[], query: string, sessionID?: string) {
  const search = await realSessions(files);
  return (overrides: ProfileOverrides) =>
    search({
      query,
      mode: "ranked",
      scope: PROJECT,
      ...(sessionID !== undefined ? { sessionID } : {}),
      limit: 5,
      profile: profileWith(overrides, "test profile"),
    });
}
