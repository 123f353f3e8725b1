/**
 * The transcript's grammar, written and read here only: the session header, one header per message, the marker line
 * that opens each part, the notes. The renderers (render/) build their lines with the writers below; the index reads
 * a transcript back with `readMarker` and `createdOf` (index/transcript-units.ts, index/reader-state.ts), so what is
 * written and what is read cannot drift apart (test/transcripts/transcript-format.test.ts renders every kind of part
 * and reads it back).
 *
 * Each transcript written from now on says its format in its header's last line (`transcript format 1`); one written
 * before the stamp has none and is format 1 too: transcripts are append-only, and their lines are never rewritten.
 * What `readMarker` reads decides the index's units: a change to it is a new INDEX_VERSION (index/index-schema.ts).
 */

/** The format this code writes; the grammar below is format 1. */
export const TRANSCRIPT_FORMAT = 1;

/** A time as the transcript writes it: ISO, to the second, in UTC. */
export function iso(ms: number | undefined): string {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "unknown time";
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

// ---- the session header ------------------------------------------------------------------------------------------

export interface SessionHeader {
  sessionID: string;
  /** Already made visible and cut (render/text-lines.ts `visibleLine`). */
  title: string;
  project: string;
  directory: string;
  created: number | undefined;
  parentID?: string;
}

const EXPORTED = "Exported by opencode-ledger";
const EXPORTED_REST = "Line numbers never change; later changes to the session are appended as [note] lines.";
const STAMP = /^Exported by opencode-ledger(?:, transcript format (\d+))?\. Line numbers never change;/;
const CREATED = /^created: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)$/;

export function sessionHeaderLines(header: SessionHeader): string[] {
  const parent = header.parentID ? [`parent session: ${header.parentID}`] : [];
  return [
    `# Session ${header.sessionID}`,
    `title: ${header.title}`,
    `project: ${header.project}`,
    `directory: ${header.directory}`,
    `created: ${iso(header.created)}`,
    ...parent,
    `${EXPORTED}, transcript format ${TRANSCRIPT_FORMAT}. ${EXPORTED_REST}`,
  ];
}

/**
 * The format a header's last line says: its stamp, or 1 for a header written before the stamp; undefined for a line
 * that is no such header line.
 */
export function formatOf(text: string): number | undefined {
  const stamp = STAMP.exec(text);
  if (!stamp) return undefined;
  return stamp[1] === undefined ? 1 : Number(stamp[1]);
}

/** The session's creation time of a header's `created:` line, in milliseconds; undefined for any other line. */
export function createdOf(text: string): number | null | undefined {
  const created = CREATED.exec(text);
  return created ? parseTime(created[1] as string) : undefined;
}

// ---- message headers, errors, notes ------------------------------------------------------------------------------

export type Speaker = "user" | "assistant" | "summary";

export interface MessageHeader {
  speaker: Speaker;
  messageID: string;
  created: number | undefined;
  agent: string;
  model: string;
  /** Said after the model: what a summary is (copied, not copied, still being written). */
  about?: string;
}

export function messageHeaderLine(header: MessageHeader): string {
  const about = header.about ? ` · ${header.about}` : "";
  return `## ${header.speaker} · ${header.messageID} · ${iso(header.created)} · agent ${header.agent} · model ${header.model}${about}`;
}

/** The error an assistant message ended with; `message` already made visible and cut. */
export const messageErrorLine = (name: string, message: string) => `[message error · ${name}] ${message}`;

/** A later change to the session, appended below what it changes. */
export const noteLine = (text: string) => `[note] ${text}`;

// ---- part markers ------------------------------------------------------------------------------------------------

export type TextFlag = "synthetic" | "ignored";
export type ToolStatus = "pending" | "running" | "completed" | "error";

export const textMarker = (flags: readonly TextFlag[]) => `[text${flags.map((f) => ` · ${f}`).join("")}]`;
export const reasoningMarker = (empty: boolean) => (empty ? "[reasoning · empty]" : "[reasoning]");

export interface ToolMarker {
  tool: string;
  status: ToolStatus;
  callID: string;
  /** Already made visible and cut; written quoted. */
  title?: string;
  compacted: boolean;
}

export function toolMarker(marker: ToolMarker): string {
  const title = marker.title !== undefined ? ` · ${JSON.stringify(marker.title)}` : "";
  const compacted = marker.compacted ? " · compacted" : "";
  return `[tool ${marker.tool} · ${marker.status} · ${marker.callID}${title}${compacted}]`;
}

/** Opens a tool's output or error: `[output · 3 lines]`, or `[error · empty]` when `lines` is undefined. */
export const blockMarker = (name: "output" | "error", lines: number | undefined) =>
  lines === undefined ? `[${name} · empty]` : `[${name} · ${lines} ${lines === 1 ? "line" : "lines"}]`;

/** `description` already made visible and cut. */
export function subtaskMarker(agent: string, description: string, model?: string, command?: string): string {
  const withModel = model ? ` · model ${model}` : "";
  const withCommand = command ? ` · command /${command}` : "";
  return `[subtask · agent ${agent}${withModel}${withCommand} · ${description}]`;
}

/** `name` and `where` already made visible and cut. */
export const attachmentMarker = (label: "file" | "attachment", name: string, mime: string, where: string) =>
  `[${label} ${name} · ${mime} · ${where}]`;
export const patchMarker = (hash: string, files: string) => `[patch ${hash} · ${files}]`;
export const agentMarker = (name: string) => `[agent @${name}]`;
export const stepMarker = () => "[step]";
export const stepDoneMarker = (detail: string) => `[step done · ${detail}]`;
export const snapshotMarker = (snapshot: string) => `[snapshot ${snapshot}]`;
export const retryMarker = (detail: string) => `[retry · ${detail}]`;
export const compactionMarker = (flags: readonly string[], tail?: string) =>
  `[compaction · ${flags.join(" · ")}${tail ? ` · history kept from ${tail}` : ""}]`;
/** A part of a type this version does not know (or cannot read), followed by its data. */
export const opaqueMarker = (type: string, unreadable: boolean) =>
  unreadable ? `[part ${type} · unreadable]` : `[part ${type}]`;

// ---- reading the markers back ------------------------------------------------------------------------------------

/** What a marker line opens, as far as a reader of the transcript needs to know. */
export type Marker =
  | { kind: "message"; speaker: Speaker; messageID: string; time: number | null }
  | { kind: "text"; synthetic: boolean }
  | { kind: "reasoning" }
  /**
   * `callID`: the call id, read where a title or the line's end follows it (a search shows the marker without it;
   * one followed by `· compacted` alone is left as written, as search has always shown it).
   */
  | { kind: "tool"; tool: string; status: ToolStatus; callID?: string }
  | { kind: "block"; name: "output" | "error" }
  | { kind: "subtask" }
  /** Any other marker line: a step, a patch, a file, a note, a message's error, an opaque part... */
  | { kind: "label"; label: string };

const MESSAGE = /^## (user|assistant|summary) · (\S+) · (\S+) · agent /;
const TOOL = /^\[tool (\S+) · (pending|running|completed|error) · (?:([\w-]+)(?= · "|\]$))?/;
const BLOCK = /^\[(output|error) · (?:\d+ lines?|empty)\]$/;
const TEXT = /^\[text(?: · (?:synthetic|ignored))*\]$/;
const SUBTASK = /^\[subtask · agent /;
/** The longer of two labels that start alike comes first ("step done" before "step"), so a label is read whole. */
const LABEL =
  /^\[(step done|step|agent|snapshot|patch|retry|compaction|part|file|attachment|message error|reasoning · empty|note)[\] ·@]/;

function parseTime(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** A tool's marker line without its call id (what a search shows: the id says nothing to a reader); others as they are. */
export function withoutCallID(text: string): string {
  const marker = readMarker(text);
  if (marker?.kind !== "tool" || marker.callID === undefined) return text;
  const head = `[tool ${marker.tool} · ${marker.status}`;
  return head + text.slice(head.length + 3 + marker.callID.length);
}

/**
 * The marker a line is, or undefined for a line of content. Every marker starts with "## " or "[", so most lines are
 * answered from their first character. A block marker (`[output · 3 lines]`) is one only inside a tool call: the reader
 * that knows where it stands decides.
 */
export function readMarker(text: string): Marker | undefined {
  const first = text.charCodeAt(0);
  if (first !== 0x23 && first !== 0x5b) return undefined;
  const message = MESSAGE.exec(text);
  if (message) {
    const [, speaker, messageID, time] = message as unknown as [string, Speaker, string, string];
    return { kind: "message", speaker, messageID, time: parseTime(time) };
  }
  if (TEXT.test(text)) return { kind: "text", synthetic: text.includes("synthetic") };
  if (text === "[reasoning]") return { kind: "reasoning" };
  const tool = TOOL.exec(text);
  if (tool) {
    const marker: Marker = { kind: "tool", tool: tool[1] as string, status: tool[2] as ToolStatus };
    if (tool[3] !== undefined) marker.callID = tool[3];
    return marker;
  }
  const block = BLOCK.exec(text);
  if (block) return { kind: "block", name: block[1] as "output" | "error" };
  if (SUBTASK.test(text)) return { kind: "subtask" };
  const label = LABEL.exec(text);
  return label ? { kind: "label", label: label[1] as string } : undefined;
}
