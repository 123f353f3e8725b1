/**
 * A tool call as transcript lines: a label (tool, status, call id, title), the input one field per line (multi-line
 * strings verbatim), then the output or the error. Long strings are cut head and tail with a marker that says where
 * the whole text is.
 */
import type { FilePart, ToolPart } from "@opencode-ai/sdk/v2";
import { attachmentMarker, blockMarker, toolMarker } from "../transcript-format.js";
import { cutHeadTail, visibleLine } from "./text-lines.js";

/** Most lines one tool input renders to (a huge array is summarised past it). */
const MAX_INPUT_LINES = 2_000;
const MAX_DEPTH = 6;

export function renderTool(part: ToolPart, maxBytes: number): string[] {
  const state = part.state;
  const lines = [
    toolMarker({
      tool: part.tool,
      status: state.status,
      callID: part.callID,
      title: "title" in state && state.title ? visibleLine(state.title, 200) : undefined,
      compacted: state.status === "completed" && Boolean(state.time.compacted),
    }),
  ];
  const where = spillHint(part);
  renderInput(state.input, maxBytes, where, lines);
  if (state.status === "pending" && state.raw) lines.push(`raw input: ${visibleLine(state.raw, 2_000)}`);
  if (state.status === "completed") {
    renderBlock("output", state.output, maxBytes, where, lines);
    for (const attachment of state.attachments ?? []) lines.push(renderAttachment(attachment, "attachment"));
  }
  if (state.status === "error") renderBlock("error", state.error, maxBytes, where, lines);
  return lines;
}

/** Where the whole text of a cut string can be found. */
function spillHint(part: ToolPart): string {
  const metadata = "metadata" in part.state ? part.state.metadata : undefined;
  const saved = metadata?.outputPath;
  const call = `call ${part.callID}, message ${part.messageID}`;
  return typeof saved === "string"
    ? `full text: ${saved} (OpenCode's saved output of ${call})`
    : `full text: in OpenCode's session (${call})`;
}

/** `[name · N lines]` followed by the text, cut head and tail above `maxBytes`. */
export function renderBlock(
  name: "output" | "error",
  text: string,
  maxBytes: number,
  where: string,
  out: string[],
): void {
  if (text === "") {
    out.push(blockMarker(name, undefined));
    return;
  }
  const cut = cutHeadTail(text, maxBytes);
  out.push(blockMarker(name, cut.head.length + cut.tail.length + cut.cutLines));
  appendCut(cut, name, where, out);
}

function appendCut(cut: ReturnType<typeof cutHeadTail>, name: string, where: string, out: string[]): void {
  for (const line of cut.head) out.push(line);
  if (cut.cutBytes > 0) {
    out.push(`[… ${cut.cutLines} lines (${cut.cutBytes} bytes) of this ${name} cut here; ${where}]`);
  }
  for (const line of cut.tail) out.push(line);
}

/** The line a cut leaves in an input's multi-line value: how many of its lines it stands for. */
const INPUT_CUT = /^\[… (\d+) lines \(\d+ bytes\) of this input /;

function renderInput(input: Record<string, unknown>, maxBytes: number, where: string, out: string[]): void {
  let left = MAX_INPUT_LINES;
  const field = (path: string, value: unknown, depth: number): void => {
    if (left-- <= 0) return;
    if (typeof value === "string") {
      if (!value.includes("\n") && value.length <= maxBytes / 3) {
        out.push(`${path}: ${value.replaceAll("\0", "\u2400")}`);
        return;
      }
      const cut = cutHeadTail(value, maxBytes);
      if (cut.cutBytes === 0 && cut.head.length === 1) {
        out.push(`${path}: ${cut.head[0]}`);
        return;
      }
      out.push(`${path} (${cut.head.length + cut.tail.length + cut.cutLines} lines):`);
      appendCut(cut, `input ${path}`, where, out);
      return;
    }
    if (Array.isArray(value) && value.length > 0 && depth < MAX_DEPTH) {
      for (let i = 0; i < value.length; i++) field(`${path}[${i}]`, value[i], depth + 1);
      return;
    }
    if (isPlainObject(value) && Object.keys(value).length > 0 && depth < MAX_DEPTH) {
      for (const [key, item] of Object.entries(value)) field(`${path}.${key}`, item, depth + 1);
      return;
    }
    out.push(`${path}: ${visibleLine(JSON.stringify(value) ?? String(value), maxBytes / 3)}`);
  };
  for (const [key, value] of Object.entries(input)) field(key, value, 0);
  if (left < 0) out.push(`[… ${-left} more input fields not shown; ${where}]`);
}

/**
 * One field of a tool call's input as renderInput writes it: its path (`filePath`, `edits[0].oldString`) and its value,
 * on its own line (`path: value`, `inline`) or on the lines after it (`path (N lines):`, `lines`, a cut's marker left
 * out).
 */
export interface InputField<L extends { text: string }> {
  path: string;
  line: L;
  inline?: string;
  lines: L[];
}

/** A field's line: `path: value`, or `path (N lines):` opening a value of N lines. */
const INPUT_FIELD = /^([\w.[\]-]+)(?: \((\d+) lines?\):|: (.*))$/;

/** Whether an input line only opens a value written on the lines after it (`command (6 lines):`). */
export const opensInputValue = (text: string): boolean => INPUT_FIELD.exec(text)?.[2] !== undefined;

/**
 * The fields of a tool call's input, read back from its lines as renderInput wrote them (other lines, such as the
 * call's marker, are passed over). A multi-line value takes the N lines its field line says, a cut's marker line
 * standing for the lines it cut, so a value's own lines are never read as fields.
 */
export function readInputFields<L extends { text: string }>(lines: readonly L[]): InputField<L>[] {
  const fields: InputField<L>[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as L;
    const field = INPUT_FIELD.exec(line.text);
    if (!field) continue;
    const [, path = "", count, inline] = field;
    if (count === undefined) {
      fields.push({ path, line, inline, lines: [] });
      continue;
    }
    const value: L[] = [];
    for (let left = Number(count); left > 0 && i + 1 < lines.length; ) {
      const next = lines[++i] as L;
      const cut = INPUT_CUT.exec(next.text);
      if (cut) left -= Number(cut[1]);
      else {
        value.push(next);
        left--;
      }
    }
    fields.push({ path, line, lines: value });
  }
  return fields;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A file by name, type and where it lives; the bytes of an inline (data:) file are never copied. */
export function renderAttachment(file: FilePart, label: "file" | "attachment"): string {
  const source = file.source;
  const name = file.filename ?? (source && "path" in source ? source.path : undefined) ?? "(no name)";
  const url = file.url.startsWith("data:")
    ? `inline data, ${file.url.length} chars, not copied`
    : visibleLine(file.url, 500);
  return attachmentMarker(label, visibleLine(name, 200), file.mime, url);
}
