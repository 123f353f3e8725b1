/**
 * Where a transcript's messages come from on OpenCode 2.x: `session.context({ sessionID })`, the session's stored
 * messages since its last compaction, read in the transcript's form (src/transcripts/source/v2-messages.ts). A
 * compaction hides the messages before it from that call, so the messages read earlier are remembered per session
 * (the sessions seen last) and kept in front of the ones the call returns: an export never sees an older message go
 * missing while this process runs. After a restart the backfill (which reads the database whole) covers the rest.
 */
import {
  narrowSessionMessages,
  type SessionInfo,
  type SessionMessage,
  type SessionSource,
} from "../../transcripts/source/session-source.js";
import { fromStoredMessages, type V2StoredMessage } from "../../transcripts/source/v2-messages.js";

/** Sessions whose messages are remembered at once; the one read longest ago is forgotten first. */
const MAX_SESSIONS = 16;

export type ReadContext = (input: { sessionID: string }) => Promise<readonly V2StoredMessage[]>;

export function createContextSource(
  read: ReadContext,
  directory: string,
  clock: () => number = Date.now,
): SessionSource {
  const remembered = new Map<string, { info: SessionInfo; messages: SessionMessage[] }>();

  const remember = (sessionID: string, entry: { info: SessionInfo; messages: SessionMessage[] }) => {
    remembered.delete(sessionID);
    remembered.set(sessionID, entry);
    if (remembered.size > MAX_SESSIONS) remembered.delete(remembered.keys().next().value as string);
  };

  return {
    async session(sessionID) {
      const known = remembered.get(sessionID);
      if (known) return known.info;
      const stored = await read({ sessionID });
      if (!Array.isArray(stored)) return undefined;
      const first = stored.find((m) => typeof m?.time?.created === "number");
      const created = first?.time.created ?? clock();
      return { id: sessionID, title: "", directory, time: { created, updated: clock() } };
    },
    async messages(sessionID) {
      const stored = await read({ sessionID });
      const fresh = narrowSessionMessages(fromStoredMessages(sessionID, stored ?? []), `context of ${sessionID}`);
      const known = remembered.get(sessionID);
      const ids = new Set(fresh.map((m) => m.info.id));
      const earlier = (known?.messages ?? []).filter((m) => !ids.has(m.info.id));
      const messages = [...earlier, ...fresh];
      const created = messages[0]?.info.time.created ?? clock();
      remember(sessionID, {
        info: known?.info ?? { id: sessionID, title: "", directory, time: { created, updated: clock() } },
        messages,
      });
      return messages;
    },
  };
}
