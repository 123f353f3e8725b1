/**
 * The plugin's cost on every request, measured at the provider in the real OpenCode: the bytes a chat request grows
 * by (tool definitions and system prompt) against OpenCode without the plugin: the default set (`tools: "core"`, six
 * tools) within the budget of 1,500 tokens, and the twelve of `tools: "all"` within a bound that keeps what was cut
 * (3,625 tokens before the first cut, 2,248 before the second).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORE_TOOLS } from "../../src/tools/core-tools.js";
import { measureFirstRequest, type RequestCost, tokensOf } from "./request-cost.js";
import { type StubModel, startStubModel } from "./stub-model.js";

const BUDGET_TOKENS = 1_500;
/** The twelve tools measured 2,248 tokens before the second cut; this bound keeps what it cut. */
const ALL_BOUND_TOKENS = 2_150;

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

  it("by default: the six tools of daily use, within the budget", async () => {
    const core = await measureFirstRequest(stub, { backfill: { enabled: false } });
    expect(
      core.tools
        .filter((t) => t.name.startsWith("memory_"))
        .map((t) => t.name)
        .sort(),
    ).toEqual([...CORE_TOOLS].sort());
    expect(tokensOf(core.bytes - without.bytes)).toBeLessThanOrEqual(BUDGET_TOKENS);
  }, 120_000);

  it('with tools: "all": every tool offered, within the bound', async () => {
    const withPlugin = await measureFirstRequest(stub, { backfill: { enabled: false }, tools: "all" });
    const added = withPlugin.bytes - without.bytes;
    expect(withPlugin.tools.filter((t) => t.name.startsWith("memory_"))).toHaveLength(12);
    expect(tokensOf(added)).toBeLessThanOrEqual(ALL_BOUND_TOKENS);
  }, 120_000);
});
