/**
 * Every part type as transcript lines. Content (text, reasoning, prompts, outputs) is copied line for line; the rest
 * is one bracketed label line, so step boundaries and markers stay compact.
 */
import type { Part, StepFinishPart } from "@opencode-ai/sdk/v2";
import { plural } from "../../human-units.js";
import { isKnownPart, type SessionPart } from "../source/session-source.js";
import { textLines, visibleLine } from "./text-lines.js";
import { renderAttachment, renderTool } from "./tool.js";

export interface RenderOptions {
  /** Strings longer than this many bytes (tool outputs, inputs) are cut head and tail. */
  inlineOutputMaxBytes: number;
}

export function renderPart(part: SessionPart, options: RenderOptions): string[] {
  if (!isKnownPart(part)) return renderOpaque(part);
  // A part handed over untyped (not through a narrowing source) of a type this version does not know.
  return renderKnown(part, options) ?? renderOpaque(part);
}

function renderKnown(part: Part, options: RenderOptions): string[] | undefined {
  switch (part.type) {
    case "text": {
      const flags = [part.synthetic ? "synthetic" : "", part.ignored ? "ignored" : ""].filter(Boolean);
      return [`[text${flags.map((f) => ` · ${f}`).join("")}]`, ...textLines(part.text)];
    }
    case "reasoning":
      return part.text === "" ? ["[reasoning · empty]"] : ["[reasoning]", ...textLines(part.text)];
    case "tool":
      return renderTool(part, options.inlineOutputMaxBytes);
    case "file":
      return [renderAttachment(part, "file")];
    case "patch":
      return [
        `[patch ${part.hash.slice(0, 12)} · ${plural(part.files.length, "file")}]`,
        ...part.files.map((f) => visibleLine(f, 1_000)),
      ];
    case "subtask": {
      const model = part.model ? ` · model ${part.model.providerID}/${part.model.modelID}` : "";
      const command = part.command ? ` · command /${part.command}` : "";
      return [
        `[subtask · agent ${part.agent}${model}${command} · ${visibleLine(part.description, 300)}]`,
        ...textLines(part.prompt),
      ];
    }
    case "agent":
      return [`[agent @${part.name}]`];
    case "step-start":
      return ["[step]"];
    case "step-finish":
      return [stepFinish(part)];
    case "snapshot":
      return [`[snapshot ${part.snapshot}]`];
    case "retry": {
      const status = part.error.data?.statusCode ? ` ${part.error.data.statusCode}` : "";
      const message = visibleLine(String(part.error.data?.message ?? ""), 500);
      return [`[retry · attempt ${part.attempt} · ${part.error.name ?? "error"}${status}: ${message}]`];
    }
    case "compaction": {
      const flags = [part.auto ? "auto" : "manual", part.overflow ? "overflow" : ""].filter(Boolean).join(" · ");
      const tail = part.tail_start_id ? ` · history kept from ${part.tail_start_id}` : "";
      return [`[compaction · ${flags}${tail}]`];
    }
  }
}

function stepFinish(part: StepFinishPart): string {
  const t = part.tokens;
  const cache = t.cache ? `, cache read ${t.cache.read ?? 0}, write ${t.cache.write ?? 0}` : "";
  const cost = typeof part.cost === "number" && part.cost > 0 ? ` · cost $${part.cost.toFixed(4)}` : "";
  return `[step done · ${part.reason} · tokens in ${t.input ?? 0}, out ${t.output ?? 0}, reasoning ${t.reasoning ?? 0}${cache}${cost}]`;
}

function renderOpaque(part: SessionPart): string[] {
  const original = part.type === "opaque" ? part.original : part;
  const type = String(original.type);
  const label = part.type === "opaque" && part.malformed ? `[part ${type} · unreadable]` : `[part ${type}]`;
  return [label, `data: ${visibleLine(JSON.stringify(original) ?? "", 4_000)}`];
}
