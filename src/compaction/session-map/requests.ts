/**
 * The requests of a session: the text a person typed into each user message. What OpenCode or a plugin wrote in the
 * user's name is not a request: synthetic and ignored parts (shell-run notices, tool call echoes, auto-continue),
 * command templates (tagged by the command hook), the trigger of a compaction and the text of a session map.
 */
import type { SessionMessage, SessionPart } from "../../transcripts/source/session-source.js";
import { isCommandPart } from "./command-tag.js";
import type { FactsInput, Request } from "./map-types.js";

/** What OpenCode writes in the user's name, recognised by its text when a version does not flag it synthetic. */
const HOST_NOTICES = [
  "The following tool was executed by the user",
  "Continue if you have next steps",
  "What did we do so far?",
];

function requestText(message: SessionMessage): { text: string; partID: string } | undefined {
  if (message.info.role !== "user") return undefined;
  if (message.parts.some((p) => p.type === "compaction")) return undefined;
  const texts: string[] = [];
  let first: SessionPart | undefined;
  for (const part of message.parts) {
    if (part.type !== "text" || typeof part.text !== "string") continue;
    if (part.synthetic === true || part.ignored === true || isCommandPart(part)) continue;
    const text = part.text.trim();
    if (!text || HOST_NOTICES.some((notice) => text.startsWith(notice))) continue;
    first ??= part;
    texts.push(text);
  }
  if (!first || texts.length === 0) return undefined;
  return { text: texts.join("\n"), partID: first.id };
}

/** The first request (the task) and every later one, oldest first. */
export function requestsOf(input: FactsInput): { task: Request | undefined; requests: Request[] } {
  const all: Request[] = [];
  for (const message of input.messages) {
    const found = requestText(message);
    if (!found) continue;
    all.push({ text: found.text, line: input.lines.part(found.partID) ?? input.lines.message(message.info.id) });
  }
  return { task: all[0], requests: all.slice(1) };
}
