/**
 * `command.execute.before` on 1.x: the command's message becomes what our command produced, and every command's
 * text (its template, or what ours made of it, not what the person typed) is tagged so a session map leaves it out.
 */
import type { Hooks } from "@opencode-ai/plugin";
import { tagCommandParts } from "../../compaction/session-map/command-tag.js";
import type { CommandRunner } from "../host-port.js";

type CommandHook = NonNullable<Hooks["command.execute.before"]>;
type CommandParts = Parameters<CommandHook>[1]["parts"];

function setText(parts: CommandParts, text: string): void {
  const first = parts.find((p) => p.type === "text");
  if (first && first.type === "text") {
    first.text = text;
    // Any further text parts of the template would repeat the command's own words.
    for (let i = parts.length - 1; i >= 0; i--) if (parts[i] !== first && parts[i]?.type === "text") parts.splice(i, 1);
  } else {
    parts.push({ type: "text", text } as CommandParts[number]);
  }
}

export function createCommandHook(run: CommandRunner): CommandHook {
  return async (input, output) => {
    const text = await run(input.command, input.arguments);
    if (text !== undefined) setText(output.parts, text);
    tagCommandParts(output.parts as Parameters<typeof tagCommandParts>[0], input.command);
  };
}
