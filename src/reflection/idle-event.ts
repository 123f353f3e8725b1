/**
 * The one event reflection listens to. Host event payloads are narrowed here (the SDK's v1 event types are stale).
 */

/** The session id of a `session.idle` event, or undefined for any other event. */
export function idleSessionOf(event: unknown): string | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { type, properties } = event as { type?: unknown; properties?: unknown };
  if (type !== "session.idle" || typeof properties !== "object" || properties === null) return undefined;
  const { sessionID } = properties as { sessionID?: unknown };
  return typeof sessionID === "string" ? sessionID : undefined;
}
