/**
 * One session of the benchmark corpus as the exporter writes it: built as OpenCode's messages and parts and rendered
 * by the exporter's own renderers (the session header, `## user · msg_… · <time> · agent … · model …`, `[text]`,
 * `[reasoning]`, `[step]`, `[tool <name> · <status> · <call> · "<title>"]` with the input a field a line,
 * `[output · N lines]`, `[error · N lines]`, `[step done · …]`), so that the index reads its units as a real
 * transcript's: user and assistant text, reasoning, tool inputs and outputs, each with its message's time.
 */
import type { AssistantMessage, Part, ToolPart, UserMessage } from "@opencode-ai/sdk/v2";
import { renderMessageHeader, renderSessionHeader } from "../src/transcripts/render/message.js";
import { renderPart } from "../src/transcripts/render/part.js";
import type { SessionMessage } from "../src/transcripts/source/session-source.js";

const WORDS = (
  "the a to of and in is it for that on with this be as at by we you not are or from can should will if have " +
  "file test function error build parser config session module import export type string number value return " +
  "async await promise handler request response server client cache index query store table row column schema " +
  "migration database transaction commit branch merge rebase lint format check compile bundle worker thread " +
  "memory buffer stream chunk line offset byte encoding unicode search match pattern regex literal context " +
  "plugin hook tool agent model prompt token compaction transcript summary pointer retention scope project " +
  "OpenCode TypeScript Node Bun SQLite ripgrep JSON YAML README CHANGELOG API CLI TUI HTTP URL UUID " +
  "timeout retry latency throughput benchmark median percentile regression flaky deterministic fixture"
).split(" ");
const UNICODE = [
  "café",
  "naïve",
  "Grüße",
  "Straße",
  "ÉCOLE",
  "déjà vu",
  "日本語のテキスト",
  "Ωmega",
  "→",
  "✓",
  "— ",
  "🙂",
];
const TOOLS = ["bash", "read", "edit", "write", "grep", "glob", "todowrite", "webfetch", "task"];
/** The first session starts at 2026-01-01; its turns are a minute apart. */
const START = 1_767_225_600_000;
const TURN_MS = 61_000;
/** The exporter's default (options.ts `compaction.inlineOutputMaxBytes`). */
const RENDER = { inlineOutputMaxBytes: 50_000 };
const TOKENS = { input: 1200, output: 300, reasoning: 40, cache: { read: 900, write: 0 } };

export function words(next: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = next();
    if (r < 0.02) out.push(UNICODE[Math.floor(next() * UNICODE.length)] as string);
    else out.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  }
  const text = out.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface SessionPlan {
  next: () => number;
  project: number;
  session: string;
  targetBytes: number;
  rare: boolean;
  common: boolean;
  /** The files this session's project reads. */
  share: string[][];
}

/** What a tool call held: its input, title, and output (or the error it ended with). */
interface Call {
  tool: string;
  input: Record<string, unknown>;
  title: string;
  output: string;
  failed?: boolean;
}

/** The session's lines (numbered by the writer), about `targetBytes` of them. */
export function sessionLines(plan: SessionPlan): string[] {
  const { next, session, share } = plan;
  const project = `/home/dev/projects/project-${plan.project}`;
  const info = { id: session, title: words(next, 6), directory: project, time: { created: START, updated: START } };
  const lines: string[] = [];
  let bytes = 0;
  const push = (more: readonly string[]) => {
    for (const line of more) {
      lines.push(line);
      bytes += Buffer.byteLength(line) + 8;
    }
  };
  push(renderSessionHeader(info, project));
  let ids = 0;
  const id = (prefix: string) => `${prefix}_${session.slice(4, 14)}${(++ids).toString(36).padStart(6, "0")}`;
  const write = (message: SessionMessage) => {
    push(["", renderMessageHeader(message)]);
    for (const part of message.parts) push(renderPart(part, RENDER));
  };
  const text = (n: number) => Array.from({ length: n }, () => words(next, 10 + Math.floor(next() * 40))).join("\n");
  // Where the rare line goes: early enough that a last long turn does not end the session before it.
  let rareAt = plan.rare ? Math.floor(next() * Math.max(1, plan.targetBytes - 40_000)) : -1;
  let commonLeft = plan.common ? 1 + Math.floor(next() * 3) : 0;
  for (let turn = 1; bytes < plan.targetBytes; turn++) {
    const at = START + turn * TURN_MS;
    const user: UserMessage = {
      id: id("msg"),
      sessionID: session,
      role: "user",
      time: { created: at },
      agent: "build",
      model: { providerID: "anthropic", modelID: "claude-sonnet" },
    };
    const asked = Array.from({ length: 1 + Math.floor(next() * 3) }, () => words(next, 8 + Math.floor(next() * 30)));
    write({ info: user, parts: [{ ...base(user.id), type: "text", text: asked.join("\n") }] });

    const assistant: AssistantMessage = {
      id: id("msg"),
      sessionID: session,
      role: "assistant",
      time: { created: at + 1_000, completed: at + 30_000 },
      parentID: user.id,
      modelID: "claude-sonnet",
      providerID: "anthropic",
      mode: "build",
      agent: "build",
      path: { cwd: project, root: project },
      cost: 0.0012,
      tokens: TOKENS,
      finish: "stop",
    };
    const parts: Part[] = [{ ...base(assistant.id), type: "step-start", snapshot: "0123456789abcdef" }];
    const time = { start: at + 2_000, end: at + 3_000 };
    if (next() < 0.3) parts.push({ ...base(assistant.id), type: "reasoning", text: text(1), time });
    for (let t = 0, tools = Math.floor(next() * 4); t < tools; t++) {
      const call = toolCall(next, project, share, at, () => {
        if (commonLeft > 0 && next() < 0.05) {
          commonLeft--;
          return true;
        }
        return false;
      });
      parts.push(toolPart(assistant.id, call, time));
    }
    if (rareAt >= 0 && bytes >= rareAt) {
      const retries = 1 + Math.floor(next() * 9);
      const failed = `${new Date(at).toISOString()} ERROR socket hang up: ECONNRESET after ${retries} retries`;
      const input = { command: "npm run test:integration", description: "Run the integration tests" };
      parts.push(
        toolPart(assistant.id, { tool: "bash", input, title: input.description, output: failed, failed: true }, time),
      );
      rareAt = -1;
    }
    parts.push({ ...base(assistant.id), type: "text", text: text(1 + Math.floor(next() * 5)), time });
    parts.push({ ...base(assistant.id), type: "step-finish", reason: "stop", cost: 0.0012, tokens: TOKENS });
    write({ info: assistant, parts });
  }
  return lines;

  function base(messageID: string) {
    return { id: id("prt"), sessionID: session, messageID };
  }

  function toolPart(messageID: string, call: Call, time: { start: number; end: number }): ToolPart {
    const state: ToolPart["state"] = call.failed
      ? { status: "error", input: call.input, error: call.output, time }
      : { status: "completed", input: call.input, output: call.output, title: call.title, metadata: {}, time };
    return { ...base(messageID), type: "tool", callID: id("call"), tool: call.tool, state };
  }
}

/** A tool call of the turn at `at`: `git status` when `common()` says so, a file of the project's share, or a command. */
function toolCall(next: () => number, project: string, share: string[][], at: number, common: () => boolean): Call {
  const tool = TOOLS[Math.floor(next() * TOOLS.length)] as string;
  const stamp = new Date(at).toISOString();
  if (common()) {
    return {
      tool: "bash",
      input: { command: "git status --short", description: "Show what changed" },
      title: "Show what changed",
      output: ` M src/${words(next, 1).toLowerCase()}.ts`,
    };
  }
  if (tool === "read" || tool === "grep") {
    // A file of this project's share of node_modules, a window of it as the tool's output.
    const file = share[Math.floor(next() * share.length)] as string[];
    const from = Math.floor(next() * Math.max(1, file.length - 20));
    const filePath = `${project}/src/${words(next, 1).toLowerCase()}.ts`;
    const output = file.slice(from, from + 10 + Math.floor(next() * 150)).join("\n");
    return { tool, input: { filePath }, title: filePath.slice(project.length + 1), output };
  }
  const description = words(next, 6);
  const input = {
    command: `${words(next, 3).toLowerCase()} --flag=${Math.floor(next() * 1000)}`,
    filePath: `${project}/src/${words(next, 1).toLowerCase()}/${words(next, 1).toLowerCase()}.ts`,
    description,
  };
  const out: string[] = [];
  for (let i = 0, n = Math.floor(next() * 25); i < n; i++) {
    const r = next();
    if (r < 0.3) out.push(`  ${words(next, 2).toLowerCase()}(${words(next, 2).toLowerCase()}) {`);
    else if (r < 0.5) out.push(`${stamp} INFO ${words(next, 5)} latency=${Math.floor(next() * 900)}ms`);
    else if (r < 0.55) out.push(`${stamp} ERROR request failed: timeout after ${Math.floor(next() * 9000)} ms`);
    else if (r < 0.7) out.push(`${project}/src/${words(next, 1).toLowerCase()}.ts:${Math.floor(next() * 400)}`);
    else out.push(`    ${words(next, 4 + Math.floor(next() * 10))};`);
  }
  if (next() < 0.02) out.push(JSON.stringify({ minified: Array.from({ length: 400 }, () => words(next, 5)) }));
  // One call in twenty ends in an error (its output the error's text), as failed commands do.
  return { tool, input, title: description, output: out.join("\n"), failed: out.length > 0 && next() < 0.05 };
}
