/**
 * Every part type as transcript lines. Content (text, reasoning, prompts, outputs) is copied line for line; the rest
 * is one bracketed label line, so step boundaries and markers stay compact.
 */
import type { Part, StepFinishPart } from "@opencode-ai/sdk/v2";
import { plural } from "../../human-units.js";
import { isKnownPart, type SessionPart } from "../source/session-source.js";
import {
  agentMarker,
  compactionMarker,
  opaqueMarker,
  patchMarker,
  reasoningMarker,
  retryMarker,
  snapshotMarker,
  stepDoneMarker,
  stepMarker,
  subtaskMarker,
  type TextFlag,
  textMarker,
} from "../transcript-format.js";
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
      const flags: TextFlag[] = [];
      if (part.synthetic) flags.push("synthetic");
      if (part.ignored) flags.push("ignored");
      return [textMarker(flags), ...textLines(part.text)];
    }
    case "reasoning":
      return part.text === "" ? [reasoningMarker(true)] : [reasoningMarker(false), ...textLines(part.text)];
    case "tool":
      return renderTool(part, options.inlineOutputMaxBytes);
    case "file":
      return [renderAttachment(part, "file")];
    case "patch":
      return [
        patchMarker(part.hash.slice(0, 12), plural(part.files.length, "file")),
        ...part.files.map((f) => visibleLine(f, 1_000)),
      ];
    case "subtask": {
      const model = part.model ? `${part.model.providerID}/${part.model.modelID}` : undefined;
      const description = visibleLine(part.description, 300);
      return [subtaskMarker(part.agent, description, model, part.command), ...textLines(part.prompt)];
    }
    case "agent":
      return [agentMarker(part.name)];
    case "step-start":
      return [stepMarker()];
    case "step-finish":
      return [stepFinish(part)];
    case "snapshot":
      return [snapshotMarker(part.snapshot)];
    case "retry": {
      const status = part.error.data?.statusCode ? ` ${part.error.data.statusCode}` : "";
      const message = visibleLine(String(part.error.data?.message ?? ""), 500);
      return [retryMarker(`attempt ${part.attempt} · ${part.error.name ?? "error"}${status}: ${message}`)];
    }
    case "compaction": {
      const flags = part.overflow ? [part.auto ? "auto" : "manual", "overflow"] : [part.auto ? "auto" : "manual"];
      return [compactionMarker(flags, part.tail_start_id || undefined)];
    }
  }
}

function stepFinish(part: StepFinishPart): string {
  const t = part.tokens;
  const cache = t.cache ? `, cache read ${t.cache.read ?? 0}, write ${t.cache.write ?? 0}` : "";
  const cost = typeof part.cost === "number" && part.cost > 0 ? ` · cost $${part.cost.toFixed(4)}` : "";
  return stepDoneMarker(
    `${part.reason} · tokens in ${t.input ?? 0}, out ${t.output ?? 0}, reasoning ${t.reasoning ?? 0}${cache}${cost}`,
  );
}

function renderOpaque(part: SessionPart): string[] {
  const original = part.type === "opaque" ? part.original : part;
  const type = String(original.type);
  const label = opaqueMarker(type, part.type === "opaque" && part.malformed === true);
  return [label, `data: ${visibleLine(JSON.stringify(original) ?? "", 4_000)}`];
}
