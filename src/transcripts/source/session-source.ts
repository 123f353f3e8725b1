/**
 * Where an export reads a session from: the OpenCode server the plugin was given, or an `opencode export` JSON file.
 * Payloads are narrowed here, at the edge, to the SDK's own shapes; the renderer then trusts them.
 */
import type { Message, Part, Session } from "@opencode-ai/sdk/v2";
import { TranscriptError } from "../../errors.js";

/** The fields of a session an export uses. */
export type SessionInfo = Pick<Session, "id" | "title" | "directory" | "time"> &
  Partial<Pick<Session, "parentID" | "revert" | "slug">>;

/** A part the renderer knows, or an opaque one (a type a newer host added, or a known type missing its fields). */
export type SessionPart = Part | OpaquePart;

/** Made at the edge from a part the renderer cannot read as its type; written as data, never dropped. */
export interface OpaquePart {
  id: string;
  sessionID: string;
  messageID: string;
  type: "opaque";
  /** The part as the host sent it. */
  original: Record<string, unknown>;
  /** A known type without the fields it should have (else an unknown type). */
  malformed: boolean;
}

export interface SessionMessage {
  info: Message;
  parts: SessionPart[];
}

export interface SessionLookup {
  /** The project folder the session is expected in (the host serves sessions per project instance). */
  directory?: string;
}

export interface SessionSource {
  /** The session, or undefined when the source does not have it. */
  session(sessionID: string, lookup?: SessionLookup): Promise<SessionInfo | undefined>;
  /** Every message of the session in order, oldest first (empty when the source does not have it). */
  messages(sessionID: string): Promise<SessionMessage[]>;
}

const KNOWN_PARTS = new Set([
  "text",
  "subtask",
  "reasoning",
  "file",
  "tool",
  "step-start",
  "step-finish",
  "snapshot",
  "patch",
  "agent",
  "retry",
  "compaction",
]);

export function isKnownPart(part: SessionPart): part is Part {
  return part.type !== "opaque";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(where: string, detail: string): never {
  throw new TranscriptError(`${where}: unexpected session data (${detail})`);
}

/** Narrows a session payload; only the fields an export relies on are checked. */
export function narrowSessionInfo(value: unknown, where: string): SessionInfo {
  if (!isRecord(value)) fail(where, "session is not an object");
  const { id, title, directory, time } = value;
  if (typeof id !== "string") fail(where, "session has no id");
  if (!isRecord(time) || typeof time.created !== "number") fail(where, `session ${id} has no creation time`);
  return {
    ...value,
    id,
    title: typeof title === "string" ? title : "",
    directory: typeof directory === "string" ? directory : "",
    time: { created: time.created, updated: typeof time.updated === "number" ? time.updated : time.created },
  } as SessionInfo;
}

/**
 * Narrows the message list of a session. A message needs an id, a role and a creation time; a part needs an id and
 * a type. Known part types are then taken as the SDK describes them.
 */
export function narrowSessionMessages(value: unknown, where: string): SessionMessage[] {
  if (!Array.isArray(value)) fail(where, "messages is not a list");
  return value.map((item, index) => {
    if (!isRecord(item) || !isRecord(item.info) || !Array.isArray(item.parts)) {
      fail(where, `message ${index} has no info or parts`);
    }
    const info = item.info;
    // An empty id is refused too: the store keeps the session's own units under message "".
    if (typeof info.id !== "string" || info.id === "" || (info.role !== "user" && info.role !== "assistant")) {
      fail(where, `message ${index} has no id or role`);
    }
    if (!isRecord(info.time) || typeof info.time.created !== "number") {
      fail(where, `message ${info.id} has no creation time`);
    }
    const parts = item.parts.map((part, p) => {
      if (!isRecord(part) || typeof part.id !== "string" || typeof part.type !== "string") {
        fail(where, `part ${p} of message ${info.id} has no id or type`);
      }
      if (KNOWN_PARTS.has(part.type) && wellFormed(part)) return part as unknown as SessionPart;
      return opaque(part, KNOWN_PARTS.has(part.type));
    });
    return { info: info as unknown as Message, parts };
  });
}

const isString = (v: unknown): v is string => typeof v === "string";
const TOOL_STATUSES = new Set(["pending", "running", "completed", "error"]);

/** The fields the renderer reads of each known part type are there and have their type. */
function wellFormed(part: Record<string, unknown>): boolean {
  switch (part.type) {
    case "text":
    case "reasoning":
      return isString(part.text);
    case "tool": {
      const state = part.state;
      return (
        isString(part.tool) &&
        isString(part.callID) &&
        isRecord(state) &&
        TOOL_STATUSES.has(String(state.status)) &&
        isRecord(state.input)
      );
    }
    case "file":
      return isString(part.mime) && isString(part.url);
    case "patch":
      return isString(part.hash) && Array.isArray(part.files) && part.files.every(isString);
    case "subtask":
      return isString(part.prompt) && isString(part.description) && isString(part.agent);
    case "step-finish":
      return isString(part.reason) && isRecord(part.tokens);
    case "agent":
      return isString(part.name);
    case "retry":
      return typeof part.attempt === "number" && isRecord(part.error);
    case "snapshot":
      return isString(part.snapshot);
    default:
      return true;
  }
}

function opaque(part: Record<string, unknown>, malformed: boolean): OpaquePart {
  const text = (key: string) => (typeof part[key] === "string" ? (part[key] as string) : "");
  return {
    id: text("id"),
    sessionID: text("sessionID"),
    messageID: text("messageID"),
    type: "opaque",
    original: part,
    malformed,
  };
}
