import { isSummary } from "../render/message.js";
import type { SessionMessage } from "../source/session-source.js";

/** The last thing a person asked: the text of the last user message, without synthetic or ignored parts. */
export function lastUserRequest(messages: readonly SessionMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as SessionMessage;
    if (message.info.role !== "user" || isSummary(message)) continue;
    const texts: string[] = [];
    for (const part of message.parts) {
      if (part.type !== "text" || typeof part.text !== "string") continue;
      if (part.synthetic === true || part.ignored === true) continue;
      texts.push(part.text);
    }
    const text = texts.join("\n").trim();
    if (text) return text;
  }
  return "";
}
