/**
 * The plugin's cost on every request, measured at the provider in the real OpenCode: the bytes a chat request grows
 * by (tool definitions and system prompt) against OpenCode without the plugin: the twelve tools by default within a
 * bound that keeps what was cut (3,625 tokens before the descriptions were shortened), and `tools: "core"` within the
 * budget of 1,500 tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureFirstRequest, type RequestCost, tokensOf } from "./request-cost.js";
import { type StubModel, startStubModel } from "./stub-model.js";

const BUDGET_TOKENS = 1_500;
/** The default set measured 2,242 tokens after the cut (from 3,625); this bound keeps it there. */
const DEFAULT_BOUND_TOKENS = 2_400;

describe("what the plugin adds to each request", () => {
  let stub: StubModel;
  let without: RequestCost;

  beforeAll(async () => {
    stub = await startStubModel();
    without = await measureFirstRequest(stub, false);
  }, 120_000);

  afterAll(async () => {
    await stub?.close();
  });

  it("by default: every tool still offered, within the bound", async () => {
    const withPlugin = await measureFirstRequest(stub, { backfill: { enabled: false } });
    const added = withPlugin.bytes - without.bytes;
    expect(withPlugin.tools.filter((t) => t.name.startsWith("memory_"))).toHaveLength(12);
    expect(tokensOf(added)).toBeLessThanOrEqual(DEFAULT_BOUND_TOKENS);
  }, 120_000);

  it('with tools: "core", only the four tools of daily use, and less again', async () => {
    const core = await measureFirstRequest(stub, { backfill: { enabled: false }, tools: "core" });
    expect(
      core.tools
        .filter((t) => t.name.startsWith("memory_"))
        .map((t) => t.name)
        .sort(),
    ).toEqual(["memory_save", "memory_search", "memory_session_read", "memory_session_search"]);
    expect(tokensOf(core.bytes - without.bytes)).toBeLessThanOrEqual(BUDGET_TOKENS);
  }, 120_000);
});
