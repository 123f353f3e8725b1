/**
 * Which message a unit is of, as far as the index can tell without reading the transcript: its session, its
 * message's time (the transcript's message headers give it to the second) and who wrote it (the user's message, or the
 * assistant's with its reasoning and tool calls). A user's message and the reply that starts in the same second are
 * two messages; two of the assistant's in one second (a quick step after a tool call) count as one. A unit without a
 * time, or of the transcript's own headers and notes, is of none.
 */
import type { Role } from "../../transcripts/index/transcript-units.js";

export function messageOf(session: string | number, time: number | null, role: Role): string | undefined {
  if (time === null || role === "meta") return undefined;
  return `${session}:${time}:${role === "user" ? "user" : "assistant"}`;
}
