/**
 * The files a session changed (edit, write, multiedit, apply_patch, patch) and the files it read, from the tool calls
 * that succeeded. Paths inside the session's folder are shown relative to it.
 */
import path from "node:path";
import type { ToolPart } from "@opencode-ai/sdk/v2";
import type { FileTouch } from "./map-types.js";
import { inputString, isRecord, type ToolCall } from "./tool-calls.js";

const WRITERS = new Set(["edit", "write", "multiedit"]);
const PATCHERS = new Set(["apply_patch", "patch"]);
/** `*** Update File: path`, `*** Add File:`, `*** Delete File:` and `*** Move to:` lines of a patch text. */
const PATCH_HEADER = /^\*\*\* (?:Update File|Add File|Delete File|Move to): (.+)$/gm;

function patchedFiles(part: ToolPart): string[] {
  const files = part.state.status === "completed" ? part.state.metadata?.files : undefined;
  if (Array.isArray(files)) {
    const paths = files.flatMap((f) => (isRecord(f) && typeof f.filePath === "string" ? [f.filePath] : []));
    if (paths.length > 0) return paths;
  }
  const text = inputString(part, "patchText") ?? inputString(part, "patch") ?? "";
  return [...text.matchAll(PATCH_HEADER)].map((m) => (m[1] ?? "").trim()).filter(Boolean);
}

function changedBy(part: ToolPart): string[] {
  if (WRITERS.has(part.tool)) {
    const file = inputString(part, "filePath");
    return file ? [file] : [];
  }
  return PATCHERS.has(part.tool) ? patchedFiles(part) : [];
}

function shown(file: string, directory: string): string {
  if (!directory || !path.isAbsolute(file)) return file;
  const relative = path.relative(directory, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

function touch(into: Map<string, FileTouch>, file: string, call: ToolCall): void {
  const seen = into.get(file);
  if (seen) {
    seen.times++;
    seen.line = call.line;
    seen.order = call.order;
  } else {
    into.set(file, { path: file, times: 1, line: call.line, order: call.order });
  }
}

export function filesOf(calls: readonly ToolCall[], directory: string): { changed: FileTouch[]; read: FileTouch[] } {
  const changed = new Map<string, FileTouch>();
  const read = new Map<string, FileTouch>();
  for (const call of calls) {
    if (call.part.state.status !== "completed") continue;
    for (const file of changedBy(call.part)) touch(changed, shown(file, directory), call);
    const readFile = call.part.tool === "read" ? inputString(call.part, "filePath") : undefined;
    if (readFile) touch(read, shown(readFile, directory), call);
  }
  return {
    changed: [...changed.values()].sort((a, b) => b.order - a.order),
    read: [...read.values()].sort((a, b) => b.times - a.times || b.order - a.order),
  };
}
