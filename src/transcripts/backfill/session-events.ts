/**
 * The host events that keep transcripts current, narrowed from their payloads (the SDK's v1 event types are
 * stale): `session.idle {sessionID}` and `session.deleted {sessionID?, info: Session}`; and `session.status
 * {sessionID, status: {type: "busy" | "idle" | "retry"}}`, which says when a turn runs.
 */

export type SessionEvent = { kind: "idle"; sessionID: string } | { kind: "deleted"; sessionID: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

export function sessionEventOf(event: unknown): SessionEvent | undefined {
  if (!isRecord(event) || !isRecord(event.properties)) return undefined;
  const { type, properties } = event;
  if (type === "session.idle" && typeof properties.sessionID === "string") {
    return { kind: "idle", sessionID: properties.sessionID };
  }
  if (type === "session.deleted") {
    const id = typeof properties.sessionID === "string" ? properties.sessionID : idOf(properties.info);
    return id ? { kind: "deleted", sessionID: id } : undefined;
  }
  return undefined;
}

/** A session's turn starting or going on (busy, retry) or ending (idle). */
export function turnStatusOf(event: unknown): { sessionID: string; busy: boolean } | undefined {
  if (!isRecord(event) || !isRecord(event.properties)) return undefined;
  const { type, properties } = event;
  if (typeof properties.sessionID !== "string") return undefined;
  if (type === "session.idle") return { sessionID: properties.sessionID, busy: false };
  if (type !== "session.status" || !isRecord(properties.status)) return undefined;
  const kind = properties.status.type;
  if (kind === "busy" || kind === "retry") return { sessionID: properties.sessionID, busy: true };
  return kind === "idle" ? { sessionID: properties.sessionID, busy: false } : undefined;
}

/** Any event of a session or a message (created, updated, a part streamed, a turn's status): someone is at work. */
export function isSessionActivity(event: unknown): boolean {
  if (!isRecord(event) || typeof event.type !== "string") return false;
  return event.type.startsWith("session.") || event.type.startsWith("message.");
}

function idOf(info: unknown): string | undefined {
  return isRecord(info) && typeof info.id === "string" ? info.id : undefined;
}
