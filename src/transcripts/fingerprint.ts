/**
 * Cheap fingerprints of parts and messages: an export compares them with what it wrote before and renders only what
 * is new or changed. They read lengths, times, statuses and a sample of the head and tail of long strings, never
 * whole outputs, so checking a 2,000-message session costs little. The host changes a part by growing it (streaming),
 * finishing it (times, status, output) or replacing it; each of these moves a field the fingerprint reads.
 */
import { isSummary } from "./render-message.js";
import { isKnownPart, type SessionMessage, type SessionPart } from "./session-source.js";

const SAMPLE = 96;

/** 53-bit string hash (cyrb53), as 14 hex digits. */
export function hash53(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** Length plus head and tail of a string: changes whenever the string grows, shrinks or is replaced. */
function sample(text: string | undefined): string {
  if (text === undefined) return "-";
  if (text.length <= SAMPLE * 2) return `${text.length}:${text}`;
  return `${text.length}:${text.slice(0, SAMPLE)}…${text.slice(-SAMPLE)}`;
}

export function partFingerprint(part: SessionPart): string {
  if (!isKnownPart(part)) return hash53(`${part.type}|${sample(JSON.stringify(part))}`);
  switch (part.type) {
    case "text":
      return hash53(
        `text|${part.synthetic ? 1 : 0}${part.ignored ? 1 : 0}|${part.time?.end ?? ""}|${sample(part.text)}`,
      );
    case "reasoning":
      return hash53(`reasoning|${part.time?.end ?? ""}|${sample(part.text)}`);
    case "tool": {
      const s = part.state;
      const title = "title" in s ? (s.title ?? "") : "";
      const end = "time" in s && "end" in s.time ? s.time.end : "";
      const compacted = s.status === "completed" ? (s.time.compacted ?? "") : "";
      const output = s.status === "completed" ? sample(s.output) : s.status === "error" ? sample(s.error) : "";
      const raw = s.status === "pending" ? sample(s.raw) : "";
      const files = s.status === "completed" ? (s.attachments?.length ?? 0) : 0;
      const keys = Object.keys(s.input).length;
      return hash53(
        `tool|${part.tool}|${part.callID}|${s.status}|${end}|${compacted}|${title}|${keys}|${raw}|${output}|${files}`,
      );
    }
    case "file":
      return hash53(`file|${part.mime}|${part.filename ?? ""}|${sample(part.url)}`);
    case "patch":
      return hash53(`patch|${part.hash}|${part.files.length}|${sample(part.files.join("\n"))}`);
    case "subtask":
      return hash53(`subtask|${part.agent}|${part.command ?? ""}|${sample(part.description)}|${sample(part.prompt)}`);
    default:
      // The remaining types are small and written once.
      return hash53(JSON.stringify(part));
  }
}

/** A message's fingerprint: its own changing fields and the ids and fingerprints of its parts, in order. */
export function messageFingerprint(message: SessionMessage, parts: readonly string[]): string {
  const info = message.info;
  const error = info.role === "assistant" && info.error ? info.error.name : "";
  // A summary is written as one marker line whatever its parts say, so its parts do not count.
  if (isSummary(message)) return hash53(`${info.role}|summary|${error}`);
  const ids = message.parts.map((p, i) => `${p.id}=${parts[i]}`).join(",");
  return hash53(`${info.role}||${error}|${ids}`);
}
