/**
 * Export a session's transcript (append what is new) and build its session map: what a compaction and
 * `/memory-continue` both need. The map is built from the messages the export read, with the lines it wrote them at.
 */

import { describeError } from "../errors.js";
import type { HostTools } from "../host-tools.js";
import type { Logger } from "../log.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { LineIndex } from "../transcripts/catalog.js";
import type { SessionMessage } from "../transcripts/source/session-source.js";
import { createMemoryInventory } from "./memory-inventory.js";

/** The part of the transcript exporter's result a map needs. */
export interface ExportedTranscript {
  sessionID: string;
  path: string;
  totalLines: number;
  directory: string;
  /** The newest request a person typed, for the bare pointer when no map can be made. */
  lastUserRequest: string;
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
  /** Where a map that could not be made is reported. */
  log?: Logger;
  /** The host's tools the map reads files from (default: OpenCode 1.x's). */
  tools?: HostTools;
}

/** `pointer` is the session map: the text that stands for the session's earlier turns. */
export type SessionPointer = (sessionID: string) => Promise<{ pointer: string; transcript: ExportedTranscript }>;

export function createSessionPointer(deps: SessionPointerDeps): SessionPointer {
  return async (sessionID) => {
    const transcript = await deps.exportSession(sessionID);
    const inventory = deps.inventory ? await deps.inventory().catch(() => "") : "";
    const header = { sessionID, path: transcript.path, firstLine: 1, lastLine: transcript.totalLines, inventory };
    let map: string;
    try {
      // Loaded on the first compaction: the map and the secret guard it redacts with stay off the plugin's start path.
      const { buildSessionMap } = await import("./session-map/session-map.js");
      map = buildSessionMap({
        ...header,
        messages: transcript.messages,
        lines: transcript.lines,
        directory: transcript.directory,
        maxTokens: deps.mapMaxTokens,
        tools: deps.tools,
      });
    } catch (error) {
      // Session data the map cannot read must not cost the session its transcript summary: the bare pointer
      // (where the transcript is, the last request, the rule) still stands for the compacted turns.
      deps.log?.log(
        "warn",
        `session map of ${sessionID} could not be made (${describeError(error)}); the pointer is used`,
      );
      const { buildPointer } = await import("./pointer.js");
      map = buildPointer({ ...header, lastUserRequest: transcript.lastUserRequest });
    }
    return { pointer: deps.redact ? deps.redact(map) : map, transcript };
  };
}

export interface ProjectPointerDeps {
  /** The transcripts of the data folder: `export` brings a session's transcript up to date. */
  transcripts: { export(sessionID: string): Promise<ExportedTranscript> };
  memory: Pick<MemoryStore, "stats">;
  /** The project whose memory the inventory line counts (with its team memory and global). */
  scope: string;
  /** Option `compaction.mapMaxTokens`. */
  mapMaxTokens: number;
  log?: Logger;
  tools?: HostTools;
}

/**
 * The one session pointer of a project: its transcript brought up to date, the map bounded by the option, the line
 * about curated memory. Compaction and `/memory-continue` (the server's and the TUI's) all stand on it, so what the
 * agent is handed after a compaction is what a continued session is handed.
 */
export function createProjectPointer(deps: ProjectPointerDeps): SessionPointer {
  return createSessionPointer({
    exportSession: (sessionID) => deps.transcripts.export(sessionID),
    inventory: createMemoryInventory(deps.memory, deps.scope),
    mapMaxTokens: deps.mapMaxTokens,
    log: deps.log,
    tools: deps.tools,
  });
}
