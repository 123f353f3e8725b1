/**
 * The two host events that keep transcripts current, narrowed from their payloads (the SDK's v1 event types are
 * stale): `session.idle {sessionID}` and `session.deleted {sessionID?, info: Session}`.
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

function idOf(info: unknown): string | undefined {
  return isRecord(info) && typeof info.id === "string" ? info.id : undefined;
}
