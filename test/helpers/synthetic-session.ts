/**
 * Builds sessions shaped like real OpenCode exports (ids that sort by creation, user and assistant messages with
 * text, reasoning, tool calls and their outputs, step boundaries), for tests that grow or change a session and for
 * the benchmarks.
 */
import type { AssistantMessage, Part, ToolPart, UserMessage } from "@opencode-ai/sdk/v2";
import type { SessionExport } from "../../src/transcripts/source/export-file-source.js";
import type { SessionMessage } from "../../src/transcripts/source/session-source.js";

const BASE_TIME = 1_771_200_000_000;

export class SessionBuilder {
  readonly data: SessionExport;
  private counter = 0;

  /** `idTag` goes into every message and part id (sessions stored side by side need ids of their own). */
  constructor(
    sessionID = "ses_synthetic0000000001",
    title = "Synthetic session",
    directory = "/projects/demo",
    private readonly idTag = "SYN",
  ) {
    this.data = {
      info: { id: sessionID, title, directory, time: { created: BASE_TIME, updated: BASE_TIME } },
      messages: [],
    };
  }

  get sessionID(): string {
    return this.data.info.id;
  }

  private next(prefix: string): string {
    this.counter++;
    return `${prefix}_${this.counter.toString(36).padStart(10, "0")}${this.idTag}${this.counter % 7}`;
  }

  private time(): number {
    return BASE_TIME + this.counter * 1_000;
  }

  private base(messageID: string) {
    return { id: this.next("prt"), sessionID: this.sessionID, messageID };
  }

  user(text: string, extra: (messageID: string) => Part[] = () => []): SessionMessage {
    const info: UserMessage = {
      id: this.next("msg"),
      sessionID: this.sessionID,
      role: "user",
      time: { created: this.time() },
      agent: "build",
      model: { providerID: "anthropic", modelID: "claude-sonnet" },
    };
    const parts: Part[] = [{ ...this.base(info.id), type: "text", text }, ...extra(info.id)];
    const message = { info, parts };
    this.data.messages.push(message);
    return message;
  }

  /** An assistant message; `completed: false` is one the host is still writing (no completion time yet). */
  assistant(build: (b: AssistantParts) => void, { summary = false, completed = true } = {}): SessionMessage {
    const created = this.time();
    const info: AssistantMessage = {
      id: this.next("msg"),
      sessionID: this.sessionID,
      role: "assistant",
      time: completed ? { created, completed: created + 900 } : { created },
      parentID: this.data.messages.at(-1)?.info.id ?? "msg_none",
      modelID: "claude-sonnet",
      providerID: "anthropic",
      mode: "build",
      agent: "build",
      path: { cwd: this.data.info.directory, root: this.data.info.directory },
      cost: 0.0012,
      tokens: { input: 1200, output: 300, reasoning: 40, cache: { read: 900, write: 0 } },
      finish: "tool-calls",
      ...(summary ? { summary: true } : {}),
    };
    const parts: Part[] = [];
    const b = new AssistantParts(
      info.id,
      parts,
      () => this.base(info.id),
      () => this.next("call"),
      created,
    );
    build(b);
    const message = { info, parts };
    this.data.messages.push(message);
    return message;
  }

  /** One realistic exchange: a request, then reasoning, a shell call, a file read, an answer. */
  turn(n: number, outputBytes = 1_500): void {
    this.user(`Request ${n}: please check the build\nand fix what fails in module ${n % 17}.`);
    this.assistant((b) => {
      b.step();
      b.reasoning(`Turn ${n}: the build failed.\nI should look at the log first,\nthen at module ${n % 17}.`);
      b.tool(
        "bash",
        { command: `npm run build -- --filter mod${n}`, description: "Build the module" },
        logOutput(n, outputBytes),
      );
      b.tool("read", { filePath: `/projects/demo/src/mod${n % 17}.ts` }, fileOutput(n, outputBytes * 2));
      b.text(`Fixed module ${n % 17}: the import path was wrong.\n\nThe build passes now (turn ${n}).`);
      b.finish();
    });
  }
}

export class AssistantParts {
  constructor(
    readonly messageID: string,
    readonly parts: Part[],
    private readonly base: () => { id: string; sessionID: string; messageID: string },
    private readonly callID: () => string,
    private readonly at: number,
  ) {}

  step(): void {
    this.parts.push({ ...this.base(), type: "step-start", snapshot: "0123456789abcdef" });
  }

  reasoning(text: string): void {
    this.parts.push({ ...this.base(), type: "reasoning", text, time: { start: this.at, end: this.at + 10 } });
  }

  text(text: string): void {
    this.parts.push({ ...this.base(), type: "text", text, time: { start: this.at, end: this.at + 20 } });
  }

  tool(
    tool: string,
    input: Record<string, unknown>,
    output: string,
    status: "completed" | "running" = "completed",
  ): ToolPart {
    const time = { start: this.at, end: this.at + 50 };
    const state: ToolPart["state"] =
      status === "completed"
        ? { status, input, output, title: `${tool} call`, metadata: {}, time }
        : { status, input, title: `${tool} call`, time: { start: this.at } };
    const part: ToolPart = { ...this.base(), type: "tool", callID: this.callID(), tool, state };
    this.parts.push(part);
    return part;
  }

  finish(): void {
    this.parts.push({
      ...this.base(),
      type: "step-finish",
      reason: "tool-calls",
      cost: 0.0012,
      tokens: { input: 1200, output: 300, reasoning: 40, cache: { read: 900, write: 0 } },
    });
  }
}

function logOutput(n: number, bytes: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < bytes; i++) {
    lines.push(`[build ${n}] step ${i}: compiling src/mod${(n + i) % 17}.ts (${(n * 31 + i * 7) % 997} ms)`);
  }
  return lines.join("\n");
}

function fileOutput(n: number, bytes: number): string {
  const lines: string[] = [];
  for (let i = 1; lines.join("\n").length < bytes; i++) {
    lines.push(`${String(i).padStart(5, "0")}| export const value${i} = compute(${n}, ${i}); // module ${n % 17}`);
  }
  return `<file>\n${lines.join("\n")}\n</file>`;
}

/** A session of `turns` exchanges (2 messages each). */
/** Adds a text part to a message already in the session (as a later edit through the API would). */
export function addTextPart(message: SessionMessage | undefined, id: string, text: string): void {
  message?.parts.push({ ...(message.parts[0] as object), id, type: "text", text } as never);
}

export function syntheticSession(
  turns: number,
  sessionID?: string,
  outputBytes?: number,
  idTag?: string,
): SessionBuilder {
  const builder = new SessionBuilder(sessionID, undefined, undefined, idTag);
  for (let i = 0; i < turns; i++) builder.turn(i, outputBytes);
  return builder;
}

/** Moves a session's messages in time so that its last one was written at `at` (when the person last used it). */
export function lastUsedAt(session: SessionExport, at: number): SessionExport {
  const count = session.messages.length;
  session.messages.forEach((message, k) => {
    const time = message.info.time as { created: number; completed?: number };
    const shift = at - (count - 1 - k) * 1_000 - time.created;
    time.created += shift;
    if (time.completed !== undefined) time.completed += shift;
  });
  session.info.time.updated = at;
  return session;
}
