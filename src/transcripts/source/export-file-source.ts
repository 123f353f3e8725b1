/**
 * Reads sessions from `opencode export <sessionID>` files (`{info, messages: [{info, parts}]}`): the format of the
 * corpus, used by tests and by the CLI to import a session exported elsewhere.
 */
import fs from "node:fs";
import { TranscriptError } from "../../errors.js";
import {
  narrowSessionInfo,
  narrowSessionMessages,
  type SessionInfo,
  type SessionMessage,
  type SessionSource,
} from "./session-source.js";

export interface SessionExport {
  info: SessionInfo;
  messages: SessionMessage[];
}

/** Parses one export file; a file that is not an export is refused with its path in the message. */
export function readExportFile(file: string): SessionExport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (cause) {
    throw new TranscriptError(`cannot read the session export ${file}: ${(cause as Error).message}`, { cause });
  }
  if (typeof parsed !== "object" || parsed === null || !("info" in parsed) || !("messages" in parsed)) {
    throw new TranscriptError(`${file} is not an opencode export (expected {info, messages})`);
  }
  return {
    info: narrowSessionInfo(parsed.info, file),
    messages: narrowSessionMessages(parsed.messages, file),
  };
}

/**
 * A source over export files. A file is read again when it changed on disk (size or mtime), so a test can grow a
 * session by rewriting its file.
 */
export function createExportFileSource(files: readonly string[]): SessionSource {
  const cache = new Map<string, { stamp: string; data: SessionExport }>();

  function load(file: string): SessionExport | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    const stamp = `${stat.size}:${stat.mtimeMs}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached.data;
    const data = readExportFile(file);
    cache.set(file, { stamp, data });
    return data;
  }

  function find(sessionID: string): SessionExport | undefined {
    for (const file of files) {
      const data = load(file);
      if (data?.info.id === sessionID) return data;
    }
    return undefined;
  }

  return {
    session: async (sessionID) => find(sessionID)?.info,
    messages: async (sessionID) => find(sessionID)?.messages ?? [],
  };
}

/** A source over sessions held in memory (an export already parsed, or one a benchmark built). */
export function createMemorySource(sessions: readonly SessionExport[]): SessionSource {
  const byId = () => new Map(sessions.map((s) => [s.info.id, s]));
  return {
    session: async (sessionID) => byId().get(sessionID)?.info,
    messages: async (sessionID) => byId().get(sessionID)?.messages ?? [],
  };
}
