/**
 * A local OpenAI-compatible model for live tests: `POST /v1/chat/completions` (streaming or not) on 127.0.0.1.
 * It logs every request it gets (bytes, messages, tools, what kind of call it is) and does what the test scripted for
 * the next chat requests: call a tool, reply with a text, report a huge prompt once (to trigger OpenCode's automatic
 * overflow compaction). A tool-result turn is answered with a text that quotes the result.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RequestKind = "title" | "compaction" | "chat";

export interface StubMessage {
  role: string;
  text: string;
  toolCalls: string[];
}

export interface StubRequest {
  n: number;
  kind: RequestKind;
  bytes: number;
  /** The request body as received, to scan for what must never reach a provider. */
  body: string;
  stream: boolean;
  model: string;
  messages: StubMessage[];
  tools: string[];
  system: string;
  lastUserText: string;
  /** What the stub answered: the text, or `tool_call <name>`. */
  reply: string;
  headers: Record<string, string | string[] | undefined>;
}

export type StubAction = { callTool: string; args: Record<string, unknown> } | { reply: string };

export interface StubModel {
  readonly port: number;
  readonly baseURL: string;
  readonly requests: StubRequest[];
  /** Queue actions for the next chat requests (tool-result turns are answered without taking from the queue). */
  script(...actions: StubAction[]): void;
  /** The next chat response reports `tokens` prompt tokens (once). */
  reportPromptTokensOnce(tokens: number): void;
  /** Text the stub answers a compaction request with (a stock OpenCode summary). */
  summaryText: string;
  /** Index to pass to `since` to get the requests made after this call. */
  mark(): number;
  since(mark: number): StubRequest[];
  close(): Promise<void>;
}

interface WireMessage {
  role: string;
  content?: string | { type?: string; text?: string }[] | null;
  tool_calls?: { function?: { name?: string } }[];
}

interface WireBody {
  model?: string;
  stream?: boolean;
  messages?: WireMessage[];
  tools?: { function?: { name?: string } }[];
}

export const STUB_SUMMARY = "STUB-MODEL-SUMMARY: the provider's model wrote this summary.";

function textOf(message: WireMessage): string {
  const content = message.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((c) => c.text ?? "").join("");
  return "";
}

function classify(body: WireBody, system: string, lastUser: string): RequestKind {
  if (/title generator|generate a (short )?title|You are a title/i.test(system)) return "title";
  const hasTools = (body.tools?.length ?? 0) > 0;
  if (!hasTools && /summariz|conversation history|anchored summary/i.test(`${system}\n${lastUser}`))
    return "compaction";
  return "chat";
}

export async function startStubModel(): Promise<StubModel> {
  const requests: StubRequest[] = [];
  const queue: StubAction[] = [];
  let promptTokensOnce: number | undefined;
  const stub = {
    summaryText: STUB_SUMMARY,
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname.endsWith("/models")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ object: "list", data: [{ id: "stub-model", object: "model" }] }));
        return;
      }
      if (!url.pathname.endsWith("/chat/completions")) {
        res.statusCode = 404;
        res.end("not found");
        return;
      }
      const body = JSON.parse(raw.toString("utf8")) as WireBody;
      const messages = body.messages ?? [];
      const system = messages
        .filter((m) => m.role === "system")
        .map(textOf)
        .join("\n");
      const lastUser = [...messages].reverse().find((m) => m.role === "user");
      const lastUserText = lastUser ? textOf(lastUser) : "";
      const kind = classify(body, system, lastUserText);
      const last = messages.at(-1);

      let reply: string | undefined;
      let toolCall: { id: string; name: string; args: Record<string, unknown> } | undefined;
      const n = requests.length + 1;
      if (kind === "title") reply = "Stub session title";
      else if (kind === "compaction") reply = stub.summaryText;
      else if (last?.role === "tool") reply = `tool result received: ${textOf(last).slice(0, 200)}`;
      else {
        const action = queue.shift();
        if (action && "callTool" in action) toolCall = { id: `call_${n}`, name: action.callTool, args: action.args };
        else reply = action?.reply ?? `stub reply #${n}`;
      }

      let promptTokens = Math.ceil(raw.length / 4);
      if (promptTokensOnce !== undefined && kind === "chat") {
        promptTokens = promptTokensOnce;
        promptTokensOnce = undefined;
      }
      requests.push({
        n,
        kind,
        bytes: raw.length,
        body: raw.toString("utf8"),
        stream: Boolean(body.stream),
        model: body.model ?? "",
        messages: messages.map((m) => ({
          role: m.role,
          text: textOf(m),
          toolCalls: (m.tool_calls ?? []).map((c) => c.function?.name ?? ""),
        })),
        tools: (body.tools ?? []).map((t) => t.function?.name ?? ""),
        system,
        lastUserText,
        reply: reply ?? `tool_call ${toolCall?.name}`,
        headers: req.headers,
      });
      respond(res, body, { reply, toolCall, promptTokens, id: `chatcmpl-${n}` });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(stub, {
    port,
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...actions: StubAction[]) => {
      queue.push(...actions);
    },
    reportPromptTokensOnce: (tokens: number) => {
      promptTokensOnce = tokens;
    },
    mark: () => requests.length,
    since: (mark: number) => requests.slice(mark),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function respond(
  res: http.ServerResponse,
  body: WireBody,
  out: {
    reply: string | undefined;
    toolCall: { id: string; name: string; args: Record<string, unknown> } | undefined;
    promptTokens: number;
    id: string;
  },
): void {
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: out.promptTokens, completion_tokens: 7, total_tokens: out.promptTokens + 7 };
  const { toolCall, reply = "" } = out;
  if (!body.stream) {
    const message = toolCall
      ? {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: toolCall.id,
              type: "function",
              function: { name: toolCall.name, arguments: JSON.stringify(toolCall.args) },
            },
          ],
        }
      : { role: "assistant", content: reply };
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        id: out.id,
        object: "chat.completion",
        created,
        model: body.model,
        choices: [{ index: 0, message, finish_reason: toolCall ? "tool_calls" : "stop" }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`);
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id: out.id,
    object: "chat.completion.chunk",
    created,
    model: body.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  if (toolCall) {
    send(
      chunk({
        role: "assistant",
        content: null,
        tool_calls: [{ index: 0, id: toolCall.id, type: "function", function: { name: toolCall.name, arguments: "" } }],
      }),
    );
    send(chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(toolCall.args) } }] }));
    send(chunk({}, "tool_calls"));
  } else {
    send(chunk({ role: "assistant", content: "" }));
    for (const piece of reply.match(/.{1,64}/gs) ?? [""]) send(chunk({ content: piece }));
    send(chunk({}, "stop"));
  }
  send({ id: out.id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage });
  res.write("data: [DONE]\n\n");
  res.end();
}
