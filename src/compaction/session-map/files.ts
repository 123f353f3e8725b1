/**
 * The files a session changed (the host's edit, write and patch tools) and the files it read, from the tool calls
 * that succeeded. The tools and their arguments are the host's table (src/host-tools.ts). Paths inside the
 * session's folder are shown relative to it.
 */
import path from "node:path";
import type { ToolPart } from "@opencode-ai/sdk/v2";
import { type HostTools, type PatchTool, V1_TOOLS } from "../../host-tools.js";
import type { FileTouch } from "./map-types.js";
import { inputString, isRecord, type ToolCall } from "./tool-calls.js";

/** `*** Update File: path`, `*** Add File:`, `*** Delete File:` and `*** Move to:` lines of a patch text. */
const PATCH_HEADER = /^\*\*\* (?:Update File|Add File|Delete File|Move to): (.+)$/gm;

const entry = <T>(table: Readonly<Record<string, T>>, name: string): T | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;

function patchedFiles(part: ToolPart, tool: PatchTool): string[] {
  const files = part.state.status === "completed" ? part.state.metadata?.[tool.files.field] : undefined;
  if (Array.isArray(files)) {
    const key = tool.files.path;
    const paths = files.flatMap((f) => (isRecord(f) && typeof f[key] === "string" ? [f[key] as string] : []));
    if (paths.length > 0) return paths;
  }
  const text = inputString(part, tool.text) ?? "";
  return [...text.matchAll(PATCH_HEADER)].map((m) => (m[1] ?? "").trim()).filter(Boolean);
}

function changedBy(part: ToolPart, tools: HostTools): string[] {
  const key = entry(tools.writers, part.tool);
  if (key) {
    const file = inputString(part, key);
    return file ? [file] : [];
  }
  const patcher = entry(tools.patchers, part.tool);
  return patcher ? patchedFiles(part, patcher) : [];
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

export function filesOf(
  calls: readonly ToolCall[],
  directory: string,
  tools: HostTools = V1_TOOLS,
): { changed: FileTouch[]; read: FileTouch[] } {
  const changed = new Map<string, FileTouch>();
  const read = new Map<string, FileTouch>();
  for (const call of calls) {
    if (call.part.state.status !== "completed") continue;
    for (const file of changedBy(call.part, tools)) touch(changed, shown(file, directory), call);
    const readKey = entry(tools.readers, call.part.tool);
    const readFile = readKey ? inputString(call.part, readKey) : undefined;
    if (readFile) touch(read, shown(readFile, directory), call);
  }
  return {
    changed: [...changed.values()].sort((a, b) => b.order - a.order),
    read: [...read.values()].sort((a, b) => b.times - a.times || b.order - a.order),
  };
}
