/**
 * What the OpenCode 2.x host hands the adapter, read at the edge: its context, checked for the domains the adapter
 * cannot do without; a tool result's text; the text `generate.text` answered with.
 */
import { HostError } from "../../errors.js";
import type { V2Context, V2ToolResult } from "./v2-context.js";

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const hasFunction = (holder: unknown, name: string) => isRecord(holder) && typeof holder[name] === "function";

/** The context, checked at the edge for the domains the adapter cannot do without. */
export function narrowContext(value: unknown): V2Context {
  if (!isRecord(value)) throw new HostError("the OpenCode 2.x plugin context is not an object");
  const need = (domain: string, name: string) => {
    if (!hasFunction(value[domain], name)) {
      throw new HostError(`the OpenCode 2.x plugin context has no ${domain}.${name}()`);
    }
  };
  need("tool", "transform");
  need("tool", "hook");
  need("session", "hook");
  need("event", "subscribe");
  const location = value.location;
  if (!isRecord(location) || typeof location.directory !== "string") {
    throw new HostError("the OpenCode 2.x plugin context has no location.directory");
  }
  return value as unknown as V2Context;
}

/** The text of a tool result: its string content, or its text parts joined (undefined when it has other content). */
export function textOf(result: V2ToolResult): string | undefined {
  const { content } = result;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return typeof result.output === "string" ? result.output : undefined;
  const texts: string[] = [];
  for (const part of content as readonly { type: string; text?: unknown }[]) {
    if (part.type !== "text" || typeof part.text !== "string") return undefined;
    texts.push(part.text);
  }
  return texts.join("\n");
}

/** The text `generate.text` answered with: a string, or the `text` of its result. */
export function generatedText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (isRecord(value) && typeof value.text === "string") return value.text.trim();
  if (isRecord(value) && isRecord(value.data) && typeof value.data.text === "string") return value.data.text.trim();
  throw new HostError("generate.text answered without text");
}
