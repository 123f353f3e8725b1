/**
 * What one chat request carries, measured at the provider: `opencode serve` with the stub model, one user turn in a
 * new session, and the body of its chat request taken apart (tool definitions, system prompt, the rest). Run without
 * the plugin and with it, the difference is what the plugin adds to every request.
 */
import { startOpencode } from "./harness.js";
import type { StartOptions } from "./live-home.js";
import type { StubModel } from "./stub-model.js";

export interface RequestCost {
  /** Bytes of the whole request body. */
  bytes: number;
  /** Bytes of the `tools` array, and of each tool's definition by name. */
  toolBytes: number;
  tools: { name: string; bytes: number }[];
  /** Bytes of the system messages' text. */
  systemBytes: number;
}

interface WireBody {
  tools?: { function?: { name?: string } }[];
  messages?: { role?: string; content?: unknown }[];
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((c) => (typeof c === "object" && c && "text" in c ? String(c.text) : "")).join("")
      : "";

export function requestCost(body: string): RequestCost {
  const wire = JSON.parse(body) as WireBody;
  const tools = (wire.tools ?? []).map((t) => ({
    name: t.function?.name ?? "?",
    bytes: Buffer.byteLength(JSON.stringify(t)),
  }));
  const system = (wire.messages ?? []).filter((m) => m.role === "system").map((m) => textOf(m.content));
  return {
    bytes: Buffer.byteLength(body),
    toolBytes: Buffer.byteLength(JSON.stringify(wire.tools ?? [])),
    tools,
    systemBytes: Buffer.byteLength(system.join("")),
  };
}

/** The first chat request of a new session, with `plugin` (its options) or without any plugin (`false`). */
export async function measureFirstRequest(stub: StubModel, plugin: StartOptions["plugin"]): Promise<RequestCost> {
  const server = await startOpencode({ stub, plugin });
  try {
    const session = await server.createSession("request cost");
    const mark = stub.mark();
    await server.prompt(session, "Say hello.");
    const chat = stub.since(mark).find((r) => r.kind === "chat");
    if (!chat) throw new Error("no chat request reached the stub model");
    return requestCost(chat.body);
  } finally {
    await server.stop();
  }
}

/** Estimated tokens of `bytes` of JSON and English (4 bytes a token, the usual rule for both). */
export const tokensOf = (bytes: number) => Math.round(bytes / 4);
