/**
 * Where a transcript's messages come from on a 2.x host without `session.context()` (the `v2` previews): the
 * messages the host hands the plugin with each request of a session (`session.hook("context")` and `"compaction"`).
 * They are kept per session, newest list wins, and read in the transcript's own message form: a user or an assistant
 * message with its text, reasoning and tool calls (each tool call with the result the next `tool` message gave it,
 * its content parts joined). The `<conversation-checkpoint>` message a compaction leaves is the summary, not a user
 * turn; media are files; provider checkpoints and effort changes are not conversation. A message without an id gets
 * one made from its role and content, so the same message keeps its id from one request to the next and an export
 * appends only what is new. 2.0.x hosts have `session.context()` (context-source.ts), which sees every message.
 */
import type { SessionInfo, SessionMessage, SessionSource } from "../../transcripts/source/session-source.js";
import { contentText } from "../../transcripts/source/v2-messages.js";
import type { V2ContentPart, V2Message } from "./v2-context.js";

/** How 2.x opens the user message that carries a compaction's summary. */
const CHECKPOINT = "<conversation-checkpoint>";

/** Sessions remembered at once; the one seen longest ago is forgotten first. */
const MAX_SESSIONS = 64;

interface Observed {
  info: SessionInfo;
  messages: readonly V2Message[];
  /** When each message was first seen: its creation time in the transcript. */
  seen: Map<string, number>;
}

export interface ObservedSource extends SessionSource {
  /** Records the messages of a request of `sessionID`. */
  observe(sessionID: string, messages: readonly V2Message[]): void;
}

/** FNV-1a over the text: a short stable id for a message the host sent without one. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function idsOf(sessionID: string, messages: readonly V2Message[]): string[] {
  const count = new Map<string, number>();
  return messages.map((message) => {
    if (message.id) return message.id;
    const base = `msg_${digest(`${sessionID}\n${message.role}\n${JSON.stringify(message.content)}`)}`;
    const n = (count.get(base) ?? 0) + 1;
    count.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

function toolResults(messages: readonly V2Message[]): Map<string, unknown> {
  const results = new Map<string, unknown>();
  for (const message of messages) {
    if (message.role !== "tool") continue;
    for (const part of message.content) if (part.type === "tool-result") results.set(part.id, part.result);
  }
  return results;
}

/** LLM.ToolResult as text: `content` parts joined, text as it is, JSON written out. */
function outputText(result: unknown): string {
  const typed = result as { type?: unknown; value?: unknown } | undefined;
  if (typed?.type === "content") return contentText(typed.value);
  const value = typed?.value ?? result;
  if (typeof value === "string") return value;
  return value === undefined ? "" : JSON.stringify(value);
}

const isCheckpoint = (message: V2Message) =>
  message.role === "user" &&
  message.content.some((part) => part.type === "text" && part.text.trimStart().startsWith(CHECKPOINT));

function partOf(
  part: V2ContentPart,
  ids: { sessionID: string; messageID: string; id: string },
  results: Map<string, unknown>,
) {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { ...ids, type: part.type, text: part.text };
    case "tool-call": {
      const result = results.get(part.id);
      const input = typeof part.input === "object" && part.input !== null ? part.input : { value: part.input };
      const state =
        result === undefined
          ? { status: "running", input, time: { start: 0 } }
          : {
              status: "completed",
              input,
              output: outputText(result),
              title: part.name,
              metadata: {},
              time: { start: 0, end: 0 },
            };
      return { ...ids, type: "tool", tool: part.name, callID: part.id, state };
    }
    case "media": {
      const media = part.media as { mime?: unknown; mediaType?: unknown } | undefined;
      const mime =
        typeof media?.mime === "string" ? media.mime : typeof media?.mediaType === "string" ? media.mediaType : "";
      const name = part.filename ?? "attachment";
      return { ...ids, type: "file", mime: mime || "application/octet-stream", url: `media:${name}`, filename: name };
    }
    case "compaction":
    case "effort":
      // A provider's own checkpoint and a change of reasoning effort: not conversation.
      return undefined;
    default:
      // Media and parts a newer host adds: the narrowing keeps them as opaque data.
      return { ...ids, ...(part as object) };
  }
}

export function createObservedSource(directory: string, clock: () => number = Date.now): ObservedSource {
  const sessions = new Map<string, Observed>();

  return {
    observe(sessionID, messages) {
      const entry = sessions.get(sessionID) ?? {
        info: { id: sessionID, title: "", directory, time: { created: clock(), updated: clock() } },
        messages: [],
        seen: new Map<string, number>(),
      };
      entry.messages = messages;
      entry.info.time.updated = clock();
      sessions.delete(sessionID);
      sessions.set(sessionID, entry);
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    },
    async session(sessionID) {
      return sessions.get(sessionID)?.info;
    },
    async messages(sessionID) {
      const entry = sessions.get(sessionID);
      if (!entry) return [];
      const ids = idsOf(sessionID, entry.messages);
      const results = toolResults(entry.messages);
      const out: unknown[] = [];
      entry.messages.forEach((message, index) => {
        if (message.role !== "user" && message.role !== "assistant") return;
        const messageID = ids[index] as string;
        const checkpoint = isCheckpoint(message);
        let created = entry.seen.get(messageID);
        if (created === undefined) {
          created = clock();
          entry.seen.set(messageID, created);
        }
        const info =
          message.role === "user" && !checkpoint
            ? {
                id: messageID,
                sessionID,
                role: "user",
                time: { created },
                agent: "",
                model: { providerID: "?", modelID: "?" },
              }
            : {
                id: messageID,
                sessionID,
                role: "assistant",
                time: checkpoint ? { created, completed: created } : { created },
                agent: checkpoint ? "compaction" : "",
                providerID: "?",
                modelID: "?",
                ...(checkpoint ? { summary: true } : {}),
              };
        const parts = message.content.flatMap((part, p) => {
          const made = partOf(part, { sessionID, messageID, id: `${messageID}_p${p}` }, results);
          return made ? [made] : [];
        });
        out.push({ info, parts });
      });
      // Checked as every host's answer is: the renderer then trusts the shapes.
      const { narrowSessionMessages } = await import("../../transcripts/source/session-source.js");
      return narrowSessionMessages(out, `messages of ${sessionID}`) as SessionMessage[];
    },
  };
}
