/** An export result for tests of what a map is used by, without a store: the messages given, no lines known. */
import type { ExportedTranscript } from "../../src/compaction/session-pointer.js";
import { SessionBuilder } from "./synthetic-session.js";

export function exportedTranscript(
  sessionID: string,
  path: string,
  totalLines: number,
  requests: readonly string[] = [],
): ExportedTranscript {
  const session = new SessionBuilder(sessionID);
  for (const request of requests) session.user(request);
  return {
    sessionID,
    path,
    totalLines,
    directory: session.data.info.directory,
    lastUserRequest: requests.at(-1) ?? "",
    messages: session.data.messages,
    lines: { message: () => undefined, part: () => undefined },
  };
}
