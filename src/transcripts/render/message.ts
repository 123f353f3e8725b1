/**
 * The lines around the parts: the transcript's own header, one header per message, the one-line marker that stands
 * for a compaction summary, and the notes that record later changes.
 */
import type { Message } from "@opencode-ai/sdk/v2";
import type { SessionInfo, SessionMessage } from "../source/session-source.js";
import { messageErrorLine, messageHeaderLine, noteLine, sessionHeaderLines } from "../transcript-format.js";
import { visibleLine } from "./text-lines.js";

/** The transcript's way of writing a time (the search's hits show it too). */
export { iso } from "../transcript-format.js";

export function renderSessionHeader(info: SessionInfo, scope: string): string[] {
  return sessionHeaderLines({
    sessionID: info.id,
    title: visibleLine(info.title || "(untitled)", 500),
    project: scope,
    directory: info.directory,
    created: info.time.created,
    parentID: info.parentID,
  });
}

/** How every session map, pointer or extract of this plugin begins. */
export const OWN_SUMMARY_PREFIX = "[opencode-ledger]";

/** A compaction summary of ours or OpenCode's: an assistant message flagged `summary`. */
export function isSummary(message: SessionMessage): boolean {
  return message.info.role === "assistant" && message.info.summary === true;
}

function summaryText(message: SessionMessage): string {
  let text = "";
  for (const part of message.parts) if (part.type === "text" && typeof part.text === "string") text += part.text;
  return text;
}

/**
 * What a summary is in the transcript. `own`: our session map (or pointer, or extract), never copied: a transcript
 * must not ingest itself, and the lines before it are the record. `host`: a summary OpenCode's compaction model
 * wrote, settled; the agent saw it, so it is copied like any message. `pending`: still being written.
 */
export function summaryKind(message: SessionMessage): "own" | "host" | "pending" | undefined {
  if (!isSummary(message)) return undefined;
  if (summaryText(message).trimStart().startsWith(OWN_SUMMARY_PREFIX)) return "own";
  const info = message.info;
  return info.role === "assistant" && info.time.completed === undefined && !info.error ? "pending" : "host";
}

export function renderMessageHeader(message: SessionMessage): string {
  const info = message.info;
  const base = { messageID: info.id, created: info.time.created, agent: agentOf(info), model: modelOf(info) };
  const kind = summaryKind(message);
  if (!kind) return messageHeaderLine({ speaker: info.role, ...base });
  const chars = summaryText(message).length;
  const about =
    kind === "own"
      ? `session map of ${chars} chars, not copied: the lines above are the record`
      : kind === "pending"
        ? "compaction summary still being written when exported"
        : `compaction summary written by OpenCode's model, ${chars} chars, as the agent saw it`;
  return messageHeaderLine({ speaker: "summary", ...base, about });
}

function agentOf(info: Message): string {
  if (info.role === "user") return info.agent || "?";
  return info.agent || info.mode || "?";
}

function modelOf(info: Message): string {
  if (info.role === "user") return info.model ? `${info.model.providerID}/${info.model.modelID}` : "?";
  return `${info.providerID}/${info.modelID}`;
}

/** The error an assistant message ended with, or undefined. */
export function renderMessageError(info: Message): string[] | undefined {
  if (info.role !== "assistant" || !info.error) return undefined;
  const data = info.error.data as { message?: unknown } | undefined;
  const message = typeof data?.message === "string" ? data.message : JSON.stringify(info.error.data ?? {});
  return [messageErrorLine(info.error.name, visibleLine(message, 2_000))];
}

export const note = noteLine;
