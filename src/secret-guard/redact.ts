/**
 * Redaction: every recognised secret in a text replaced by `[redacted: <kind>]`, the rest kept as it was. What
 * recall hands back to the model (search results, transcript windows, pointers, reflection's transcript tail) goes
 * through here, and so can anything else that stores or returns transcript text (an index, a session map).
 */
import { isWordy, looksRandomToken } from "./randomness.js";
import { secretSpans } from "./secret-guard.js";
import type { SecretSpan } from "./secret-span.js";

export interface Redaction {
  /** `text` with each secret replaced by `[redacted: <kind>]`; line breaks inside a secret are kept. */
  readonly text: string;
  /** How many values were replaced. */
  readonly redacted: number;
  /** The kinds replaced, each once, in the order first met. */
  readonly kinds: string[];
}

export const redactionMarker = (kind: string) => `[redacted: ${kind}]`;

/** Spans sorted by start; one that overlaps an earlier span is merged into it, keeping the earlier one's kind. */
function merged(spans: SecretSpan[]): SecretSpan[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretSpan[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && span.start < last.end) {
      if (span.end > last.end) out[out.length - 1] = { ...last, end: span.end };
    } else out.push(span);
  }
  return out;
}

/** The marker for a secret, once per line it spans, so a multi-line key keeps its line count. */
function replacement(secret: string, kind: string): string {
  const marker = redactionMarker(kind);
  if (!secret.includes("\n")) return marker;
  return secret
    .split("\n")
    .map((line) => (line.endsWith("\r") ? `${marker}\r` : marker))
    .join("\n");
}

/** `text` with every recognised secret replaced by `[redacted: <kind>]`; cheap when there is none. */
export function redactSecrets(text: string): Redaction {
  const spans = merged(secretSpans(text));
  if (spans.length === 0) return { text, redacted: 0, kinds: [] };
  let out = "";
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + replacement(text.slice(span.start, span.end), span.kind);
    at = span.end;
  }
  out += text.slice(at);
  return { text: out, redacted: spans.length, kinds: [...new Set(spans.map((s) => s.kind))] };
}

/** Redacts each line; a secret that spans lines (a private key) is found because the lines are read together. */
export function redactLines(lines: readonly string[]): { lines: string[]; redacted: number; kinds: string[] } {
  const joined = lines.join("\n");
  const result = redactSecrets(joined);
  if (result.redacted === 0) return { lines: [...lines], redacted: 0, kinds: [] };
  return { lines: result.text.split("\n"), redacted: result.redacted, kinds: result.kinds };
}

const MAX_NOTE_KINDS = 6;

/** The closing line of a redacted result: how many values, of which kinds; empty when nothing was redacted. */
export function redactionNote(redacted: number, kinds: readonly string[]): string {
  if (redacted === 0) return "";
  const what =
    redacted === 1 ? "1 value that looks like a secret was" : `${redacted} values that look like secrets were`;
  const named = kinds.length > MAX_NOTE_KINDS ? [...kinds.slice(0, MAX_NOTE_KINDS), "…"] : kinds;
  return `[secret guard] ${what} replaced by [redacted: …] (${named.join(", ")}).`;
}

export const CUT_TOKEN = "token cut at the edge";
const HEAD_RUN = /^[A-Za-z0-9_+/=.~-]{8,}/;
const TAIL_RUN = /[A-Za-z0-9_+/=.~-]{8,}$/;

/**
 * Whether a run of token characters cut at an edge may be part of a secret: one of its path segments is random-looking
 * (8 characters or more, mixed case or digits or a hex run, not readable as words). A word or identifier cut short
 * (`timelineIte`, `PowerShel`) and a path of named folders (`/Users/ana/Projects/BusStopRepository.java`) are not.
 */
function mayBeSecretPart(run: string): boolean {
  return run.split("/").some((part) => part.length >= 8 && looksRandomToken(part) && !isWordy(part));
}

/**
 * For text cut out of a longer line: a random-looking run of token characters touching the cut may be the rest (or
 * the start) of a secret whose recognisable part was cut away, so it is redacted too.
 */
export function redactCutEdge(text: string, side: "start" | "end"): Redaction {
  const run = (side === "start" ? HEAD_RUN : TAIL_RUN).exec(text);
  if (!run || !mayBeSecretPart(run[0])) return { text, redacted: 0, kinds: [] };
  const marker = redactionMarker(CUT_TOKEN);
  const cut = side === "start" ? marker + text.slice(run[0].length) : text.slice(0, run.index) + marker;
  return { text: cut, redacted: 1, kinds: [CUT_TOKEN] };
}
