/**
 * Export a session's transcript (append what is new) and build its session map: what a compaction and
 * `/memory-continue` both need. The map is built from the messages the export read, with the lines it wrote them at.
 */

import type { LineIndex } from "../transcripts/catalog.js";
import type { SessionMessage } from "../transcripts/source/session-source.js";
import { buildSessionMap } from "./session-map/session-map.js";

/** The part of the transcript exporter's result a map needs. */
export interface ExportedTranscript {
  sessionID: string;
  path: string;
  totalLines: number;
  directory: string;
  messages: readonly SessionMessage[];
  lines: LineIndex;
}

export interface SessionPointerDeps {
  /** Appends the session's new messages to its transcript; throws when it cannot. */
  exportSession: (sessionID: string) => Promise<ExportedTranscript>;
  /** One line about curated memory for the map; failures leave it out. */
  inventory?: () => Promise<string>;
  /** Bound of the map in estimated tokens (option `compaction.mapMaxTokens`). */
  mapMaxTokens?: number;
  /** Applied to the finished map (the secret redactor, where there is one). */
  redact?: (text: string) => string;
}

/** `pointer` is the session map: the text that stands for the session's earlier turns. */
export type SessionPointer = (sessionID: string) => Promise<{ pointer: string; transcript: ExportedTranscript }>;

export function createSessionPointer(deps: SessionPointerDeps): SessionPointer {
  return async (sessionID) => {
    const transcript = await deps.exportSession(sessionID);
    const inventory = deps.inventory ? await deps.inventory().catch(() => "") : "";
    const map = buildSessionMap({
      sessionID,
      path: transcript.path,
      firstLine: 1,
      lastLine: transcript.totalLines,
      inventory,
      messages: transcript.messages,
      lines: transcript.lines,
      directory: transcript.directory,
      maxTokens: deps.mapMaxTokens,
    });
    return { pointer: deps.redact ? deps.redact(map) : map, transcript };
  };
}
