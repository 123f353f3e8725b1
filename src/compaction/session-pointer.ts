/**
 * Export a session's transcript (append what is new) and build its pointer: what a compaction and
 * `/memory-continue` both need.
 */
import { buildPointer } from "./pointer.js";

/** The part of the transcript exporter's result a pointer needs. */
export interface ExportedTranscript {
  sessionID: string;
  path: string;
  totalLines: number;
  lastUserRequest: string;
}

export interface SessionPointerDeps {
  /** Appends the session's new messages to its transcript; throws when it cannot. */
  exportSession: (sessionID: string) => Promise<ExportedTranscript>;
  /** One line about curated memory for the pointer; failures leave it out. */
  inventory?: () => Promise<string>;
}

export type SessionPointer = (sessionID: string) => Promise<{ pointer: string; transcript: ExportedTranscript }>;

export function createSessionPointer(deps: SessionPointerDeps): SessionPointer {
  return async (sessionID) => {
    const transcript = await deps.exportSession(sessionID);
    const inventory = deps.inventory ? await deps.inventory().catch(() => "") : "";
    const pointer = buildPointer({
      sessionID,
      path: transcript.path,
      firstLine: 1,
      lastLine: transcript.totalLines,
      lastUserRequest: transcript.lastUserRequest,
      inventory,
    });
    return { pointer, transcript };
  };
}
