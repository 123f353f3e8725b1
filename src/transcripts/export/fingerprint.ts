/**
 * Cheap fingerprints of parts and messages: an export compares them with what it wrote before and renders only what
 * is new or changed. A fingerprint reads ids, types, statuses, end times and lengths, never the text itself. The host
 * changes a part by growing it (streaming), finishing it (status, end time, output) or replacing it, and each of these
 * moves a field read here; an edit in place that keeps every length and time is the one change it does not see.
 *
 * A settled message (a user message, or an assistant message the host marked completed) no longer changes in the
 * host's own flow: its row starts with `s<parts>:` and later exports skip it without reading its parts as long as it
 * keeps that many parts. A part edited through the API after that is the change a skipped message can hide; a part
 * added or removed, or the message removed, is still seen.
 */
import { summaryKind } from "../render/message.js";
import type { SessionMessage, SessionPart } from "../source/session-source.js";

/** 53-bit string hash (cyrb53), as 14 hex digits. */
export function hash53(text: string, seed = 0): string {
  return new Fingerprint(seed).text(text).hex();
}

/** An incremental cyrb53: numbers are mixed in as numbers, so no key string is ever built. */
class Fingerprint {
  private h1: number;
  private h2: number;

  constructor(seed = 0) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }

  private word(n: number): void {
    this.h1 = Math.imul(this.h1 ^ n, 2654435761);
    this.h2 = Math.imul(this.h2 ^ n, 1597334677);
  }

  /** Any non-negative number up to 2^53 (times, lengths, counts); -1 for "absent". */
  int(n: number | undefined): this {
    const v = n === undefined ? -1 : n;
    this.word(v | 0);
    if (v > 0x7fffffff || v < 0) this.word(Math.floor(v / 4294967296) | 0);
    return this;
  }

  text(text: string): this {
    this.word(text.length);
    for (let i = 0; i < text.length; i++) this.word(text.charCodeAt(i));
    return this;
  }

  hex(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
  }
}

const TOOL_STATUS = { pending: 1, running: 2, completed: 3, error: 4 } as const;

/** Mixes in what changes when the host changes a part (ids, names and tools are fixed per part id). */
function addPart(fp: Fingerprint, part: SessionPart): void {
  if (part.type === "opaque") {
    fp.text("opaque").int(JSON.stringify(part.original)?.length);
    return;
  }
  fp.int(part.type.length)
    .int(part.type.charCodeAt(0))
    .int(part.type.charCodeAt(part.type.length - 1));
  switch (part.type) {
    case "text":
      fp.int(part.synthetic ? 1 : 0)
        .int(part.ignored ? 1 : 0)
        .int(part.time?.end)
        .int(part.text.length);
      return;
    case "reasoning":
      fp.int(part.time.end).int(part.text.length);
      return;
    case "tool": {
      const s = part.state;
      fp.int(TOOL_STATUS[s.status]).int(inputKeys(s.input));
      // Not `time.compacted`: OpenCode sets it when it clears an old output from the model's context; the record of
      // the call is unchanged, and noting it would copy every old output again.
      if (s.status === "pending") fp.int(s.raw.length);
      if (s.status === "running") fp.int(s.title?.length);
      if (s.status === "completed") {
        fp.int(s.time.end).int(s.title.length).int(s.output.length).int(s.attachments?.length);
      }
      if (s.status === "error") fp.int(s.time.end).int(s.error.length);
      return;
    }
    case "file":
      fp.int(part.mime.length).int(part.filename?.length).int(part.url.length);
      return;
    case "patch":
      fp.text(part.hash).int(part.files.length);
      return;
    case "subtask":
      fp.int(part.prompt.length).int(part.description.length);
      return;
    case "step-finish":
      fp.int(part.reason.length).int(part.tokens.output);
      return;
    case "snapshot":
      fp.text(part.snapshot);
      return;
    case "retry":
      fp.int(part.attempt);
      return;
    case "compaction":
      fp.int(part.auto ? 1 : 0).int(part.overflow ? 1 : 0);
      return;
    default:
      // step-start, agent: written once, never changed.
      return;
  }
}

function inputKeys(input: Record<string, unknown>): number {
  let keys = 0;
  for (const _ in input) keys++;
  return keys;
}

export function partFingerprint(part: SessionPart): string {
  const fp = new Fingerprint();
  addPart(fp, part);
  return fp.hex();
}

/** A message's fingerprint: its own changing fields and the ids and fingerprints of its parts, in order. */
export function messageFingerprint(message: SessionMessage): string {
  const info = message.info;
  const fp = new Fingerprint().text(info.role);
  fp.text(info.role === "assistant" && info.error ? info.error.name : "");
  // A summary of ours (or one being written) is one marker line whatever its parts say, so its parts do not count.
  const kind = summaryKind(message);
  if (kind === "own" || kind === "pending") return fp.text(`summary:${kind}`).hex();
  for (const part of message.parts) {
    fp.text(part.id);
    addPart(fp, part);
  }
  return fp.hex();
}

/**
 * `s<parts>:` for a settled message, "" for one the host may still change. OpenCode's own summaries get `h`: they
 * were once written as a marker line only, and the key that differs makes an older transcript copy their text.
 */
export function settledKey(message: SessionMessage): string {
  const info = message.info;
  const settled = info.role === "user" || info.time.completed !== undefined;
  if (!settled) return "";
  return `${summaryKind(message) === "host" ? "h" : "s"}${message.parts.length}:`;
}
