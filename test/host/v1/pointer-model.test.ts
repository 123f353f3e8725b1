import { describe, expect, it } from "vitest";
import { unusableModel } from "../../../src/host/v1/fallback-summary.js";
import { wrapPointer } from "../../../src/host/v1/markers.js";
import type { CallOptions, FallbackRequest } from "../../../src/host/v1/pointer-model.js";
import { NOT_FOR_CHAT } from "../../../src/host/v1/pointer-model.js";
import * as providerModule from "../../../src/host/v1/pointer-provider.js";

const SESSION = "ses_0123456789abcdefABCDEF";
const model = (options: Parameters<typeof providerModule.createLedgerPointer>[0] = {}) =>
  providerModule.createLedgerPointer({ name: "ledger", ...options }).languageModel("pointer");

const compactionCall = (userText: string): CallOptions => ({
  prompt: [
    { role: "system", content: "You are a context summarization agent." },
    { role: "user", content: [{ type: "text", text: userText }] },
  ],
  headers: { "x-session-affinity": SESSION },
});

async function streamed(call: CallOptions, options?: Parameters<typeof model>[0]) {
  const { stream } = await model(options).doStream(call);
  const parts: { type: string; delta?: string }[] = [];
  const reader = (stream as ReadableStream<{ type: string; delta?: string }>).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return { parts, text: parts.map((p) => p.delta ?? "").join("") };
}

describe("the provider module OpenCode imports", () => {
  it("exports exactly one function, named create…", () => {
    expect(Object.keys(providerModule)).toEqual(["createLedgerPointer"]);
    expect(typeof providerModule.createLedgerPointer).toBe("function");
  });

  it("gives a v3 language model for any model id", () => {
    const m = providerModule.createLedgerPointer().languageModel("pointer");
    expect(m.specificationVersion).toBe("v3");
    expect(m.modelId).toBe("pointer");
  });
});

describe("pointer model", () => {
  it("streams exactly the pointer between the markers, at zero usage", async () => {
    const { parts, text } = await streamed(compactionCall(`${wrapPointer("POINTER TEXT")}\n\nhistory`));
    expect(text).toBe("POINTER TEXT");
    expect(parts.map((p) => p.type)).toEqual(["stream-start", "text-start", "text-delta", "text-end", "finish"]);
    const finish = parts.at(-1) as unknown as { usage: { inputTokens: { total: number } } };
    expect(finish.usage.inputTokens.total).toBe(0);
  });

  it("answers doGenerate the same way", async () => {
    const result = await model().doGenerate(compactionCall(wrapPointer("P")));
    expect(result.content).toEqual([{ type: "text", text: "P" }]);
  });

  it("asks the plugin for a summary when there is no pointer, naming the session", async () => {
    const seen: FallbackRequest[] = [];
    const summarize = async (request: FallbackRequest) => {
      seen.push(request);
      return "MODEL SUMMARY";
    };
    const { text } = await streamed(compactionCall("[User]: hello"), { summarize });
    expect(text).toBe("MODEL SUMMARY");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.sessionID).toBe(SESSION);
    expect(seen[0]?.prompt).toContain("[User]: hello");
    expect(seen[0]?.prompt).not.toContain("summarization agent");
  });

  it("stores an extract when the summary request fails", async () => {
    const summarize = async () => {
      throw new Error("provider down");
    };
    const { text } = await streamed(compactionCall("[User]: keep this request"), { summarize });
    expect(text).toContain("provider down");
    expect(text).toContain("keep this request");
  });

  it("stores an extract when no plugin instance handed it a summariser", async () => {
    const { text } = await streamed(compactionCall("[User]: orphan"));
    expect(text).toContain("not reachable");
    expect(text).toContain("orphan");
  });

  it("refuses to chat: a turn with tools gets a clear notice", async () => {
    const call = { ...compactionCall("hi"), tools: [{ type: "function", name: "read" }] };
    let asked = false;
    const { text } = await streamed(call, {
      summarize: async () => {
        asked = true;
        return "";
      },
    });
    expect(text).toBe(NOT_FOR_CHAT);
    expect(asked).toBe(false);
  });
});

describe("fallback summary model", () => {
  it("is the session's own model, never the pointer model itself", () => {
    expect(unusableModel({ providerID: "anthropic", modelID: "claude" })).toBeUndefined();
    expect(unusableModel(undefined)).toContain("not known");
    expect(unusableModel({ providerID: "ledger", modelID: "pointer" })).toContain("pointer model");
  });
});
