/**
 * Sessions for session-map tests, built like real OpenCode sessions (see synthetic-session.ts) and exported by the
 * real exporter into a real store, so every line a map names can be checked against the transcript file.
 */
import type { Part, ToolPart } from "@opencode-ai/sdk/v2";
import { buildSessionMap } from "../../src/compaction/session-map/session-map.js";
import type { HostTools } from "../../src/host-tools.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { type AssistantParts, SessionBuilder } from "./synthetic-session.js";
import { readTranscript, type TestDataContext, testDataContext } from "./transcripts.js";

export const DIR = "/projects/demo";

export class MapSession extends SessionBuilder {
  readonly context: TestDataContext = testDataContext();

  constructor(sessionID = "ses_mapmapmapmapmapmap0001") {
    super(sessionID, "Map session", DIR);
  }

  /** A user message whose only text part is flagged synthetic (what OpenCode writes in the user's name). */
  synthetic(text: string, metadata?: Record<string, unknown>): void {
    const message = this.user(text);
    Object.assign(message.parts[0] as Part, { synthetic: true, ...(metadata ? { metadata } : {}) });
  }

  /** A user message made from a slash command's template, tagged as the command hook tags it. */
  command(text: string, name: string): void {
    const message = this.user(text);
    Object.assign(message.parts[0] as Part, { metadata: { "opencode-ledger": { command: name } } });
  }

  tools(build: (b: AssistantParts) => void): void {
    this.assistant((b) => {
      b.step();
      build(b);
      b.finish();
    });
  }

  /** Exports the session and maps it; `tools` is the host's tool table (default: OpenCode 1.x's). */
  async export(maxTokens?: number, tools?: HostTools) {
    const result = await exportTranscript({
      data: this.context,
      source: createMemorySource([this.data]),
      sessionID: this.sessionID,
      scope: DIR,
    });
    const map = buildSessionMap({
      sessionID: this.sessionID,
      path: result.path,
      firstLine: 1,
      lastLine: result.totalLines,
      messages: result.messages,
      lines: result.lines,
      directory: result.directory,
      maxTokens,
      tools,
    });
    return { map, result, transcript: readTranscript(result.path) };
  }
}

export function failed(part: ToolPart, error: string): ToolPart {
  part.state = { status: "error", input: part.state.input, error, time: { start: 1, end: 2 } };
  return part;
}

export function withMetadata(part: ToolPart, metadata: Record<string, unknown>): ToolPart {
  if (part.state.status === "completed") part.state.metadata = metadata;
  return part;
}

/** The transcript text at `line` and the line after it. */
export function around(transcript: { number: number; text: string }[], line: number): [string, string] {
  return [transcript[line - 1]?.text ?? "", transcript[line]?.text ?? ""];
}

/** The line number a map item names, by a pattern with one capture group around the number. */
export function lineIn(map: string, pattern: RegExp): number {
  const match = pattern.exec(map);
  if (!match?.[1]) throw new Error(`no ${pattern} in the map:\n${map}`);
  return Number(match[1]);
}
