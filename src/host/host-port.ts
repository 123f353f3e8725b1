/**
 * What the plugin needs from a host, whichever OpenCode runs it: register tools and commands, observe session
 * events, read a session's messages, supply a compaction summary, append to (or rewrite) a tool's result, add to the
 * system prompt, and log. The composition root (src/plugin.ts) wires every feature through this port; an adapter per
 * host version (src/host/v1/, src/host/v2/) is the only place that knows that version's hook names and payloads.
 */
import type { ToolDefinition } from "@opencode-ai/plugin";
import type { HostTools } from "../host-tools.js";
import type { Logger } from "../log.js";
import type { OneShotPrompt } from "../one-shot-prompt.js";
import type { SessionSource } from "../transcripts/source/session-source.js";

/** A session or message event, in the `{ type, properties }` form the event readers narrow. */
export interface HostEvent {
  type: string;
  properties?: unknown;
}

/** A call of one of the host's tools (or ours), as seen after it ran. */
export interface HostToolCall {
  tool: string;
  sessionID: string;
  callID: string;
  args?: unknown;
}

/** The text a tool returned; a handler may append to it or rewrite it, and the adapter hands it back to the host. */
export interface HostToolResult {
  output: string;
}

/** A model request the system prompt is being built for. */
export interface PromptRequest {
  sessionID: string | undefined;
  /** The provider that serves the request: the plugin's own (the pointer model) gets nothing added. */
  providerID: string;
}

/** The summary a compaction records instead of one written by a model: throws when it cannot be had. */
export type CompactionSummarizer = (sessionID: string) => Promise<string>;

export interface CompactionRequest {
  summarize: CompactionSummarizer;
  /** Option `compaction.mode`: `off` leaves every compaction to the host. */
  mode: "pointer" | "prompt" | "off";
  /** Option `compaction.overrideUserModel` (hosts that route compaction through a model of their own). */
  overrideUserModel: boolean;
  clock: () => number;
}

/** Runs a slash command; resolves with the text its message becomes, or undefined when the command is not ours. */
export type CommandRunner = (command: string, args: string) => Promise<string | undefined>;

export interface HostPort {
  /** The project folder this plugin instance serves. */
  readonly directory: string;
  /** The project's root (its git worktree), when the host names one. */
  readonly worktree: string | undefined;
  readonly log: Logger;
  /** Where a session's messages are read for its transcript. */
  readonly sessions: SessionSource;
  /** The host keeps its sessions in the SQLite database the background backfill reads (src/transcripts/backfill/). */
  readonly backfill: boolean;
  /**
   * The host's editing, reading and shell tools by name, with their arguments (session map, action recall); undefined
   * is OpenCode 1.x's table, the features' default (src/host-tools.ts), which keeps it off 1.x's start path.
   */
  readonly hostTools: HostTools | undefined;
  /** One model call on the person's own model (reflection); undefined where the host offers none. */
  readonly ask: ((request: OneShotPrompt) => Promise<string>) | undefined;
  registerTools(tools: Record<string, ToolDefinition>): void;
  /** Our slash commands (src/slash-commands/definitions.ts), run by `run` when the person types one. */
  registerCommands(run: CommandRunner): void;
  /** Every session and message event; the handler is not awaited by the host and must not throw. */
  onEvent(handler: (event: HostEvent) => void): void;
  /** Every compaction records `summarize`'s text; when it throws, the host writes its own summary. */
  supplyCompactionSummary(request: CompactionRequest): void;
  /** Called after every tool call, in registration order; `result.output` may be changed. */
  onToolResult(handler: (call: HostToolCall, result: HostToolResult) => Promise<void>): void;
  /** Called with each message the person sends, before the model is asked; `parts` as the host gives them. */
  onUserMessage(
    handler: (message: { sessionID: string; messageID: string | undefined; parts: unknown }) => Promise<void>,
  ): void;
  /** Called while a request's system prompt is built; the handler pushes what it adds to `system`. */
  onSystemPrompt(handler: (request: PromptRequest, system: string[]) => Promise<void>): void;
  /** Lets the host's own tools (read, grep) into `folder` without asking (the transcripts folder). */
  allowReads(folder: string): void;
}
