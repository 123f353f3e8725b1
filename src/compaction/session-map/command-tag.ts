/**
 * OpenCode stores a slash command's expanded template as an ordinary user text part. The command hook tags those
 * parts in their metadata, so a session map can tell a command from what a person typed.
 */
import type { TextPart } from "@opencode-ai/sdk/v2";

const TAG = "opencode-ledger";

interface Taggable {
  type: string;
  metadata?: Record<string, unknown>;
}

/** Marks the text parts of a command's message as the command `name`'s. */
export function tagCommandParts(parts: Taggable[], name: string): void {
  for (const part of parts) {
    if (part.type !== "text") continue;
    part.metadata = { ...(part.metadata ?? {}), [TAG]: { command: name } };
  }
}

export function isCommandPart(part: Pick<TextPart, "metadata">): boolean {
  const tag = part.metadata?.[TAG];
  return typeof tag === "object" && tag !== null && "command" in tag;
}
