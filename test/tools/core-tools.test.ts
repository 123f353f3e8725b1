/**
 * The default tool set, through the plugin's own entry: six tools of daily use, the twelve with `tools: "all"`, and
 * what the six answer names no tool that the default set leaves out.
 */
import { describe, expect, it } from "vitest";
import server from "../../src/index.js";
import { CORE_TOOLS } from "../../src/tools/core-tools.js";
import { offlineInput } from "../helpers/plugin-input.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { PLUGIN_TOOLS } from "../helpers/tool-names.js";

async function toolsOf(options: Record<string, unknown>) {
  const dir = tempDir();
  const hooks = await server.server(offlineInput(dir), {
    dataDir: `${dir}/data`,
    search: { useRipgrep: false },
    ...options,
  });
  return { tools: hooks.tool ?? {}, ctx: toolContext(dir) };
}

describe("the tool sets", () => {
  it("offers the six tools of daily use by default and all twelve with tools: all", async () => {
    const { tools } = await toolsOf({});
    expect(Object.keys(tools).sort()).toEqual([...CORE_TOOLS].sort());
    expect(CORE_TOOLS).toEqual(
      expect.arrayContaining(["memory_save", "memory_search", "memory_history", "memory_session_read"]),
    );
    const all = await toolsOf({ tools: "all" });
    expect(Object.keys(all.tools).sort()).toEqual([...PLUGIN_TOOLS]);
  });

  it("by default, what the tools answer points only to tools offered (or to the command line)", async () => {
    const { tools, ctx } = await toolsOf({});
    const call = async (name: string, args: Record<string, unknown>) =>
      String(await tools[name]?.execute(args as never, ctx));
    const saved = await call("memory_save", { kind: "fact", title: "Deploy", body: "b".repeat(3_000) });
    const id = /\[([0-9a-z]{12})\]/.exec(saved)?.[1] ?? "";
    const answers = [
      saved,
      await call("memory_search", { query: "nothingmatcheshere" }),
      await call("memory_search", { query: "deploy" }),
      await call("memory_history", { id: "nosuchentry0" }),
    ];
    // A save that finds its entry superseded says how to make it active again, with a tool this set offers.
    await call("memory_save", { kind: "fact", title: "Deploy v2", body: "new", supersedes: id });
    const stale = await call("memory_save", { kind: "fact", title: "Deploy", body: "b".repeat(3_000) });
    expect(stale).toContain('this entry is superseded; if it holds again, saving it again with status "active"');
    answers.push(stale);
    const forgot = await call("memory_forget", { id });
    answers.push(forgot, await call("memory_forget", { id }));
    expect(forgot).toContain('"opencode-ledger restore <id>"');
    // An entry in the trash refuses a review; its error names the command line first.
    answers.push(await call("memory_save", { kind: "fact", title: "Other", body: "x", supersedes: id }));
    const offered = new Set<string>(CORE_TOOLS);
    for (const answer of answers) {
      for (const named of answer.match(/memory_[a-z_]+/g) ?? []) {
        // A tool the set leaves out is named only beside the way to it: the option that offers it.
        if (!offered.has(named)) expect(answer, named).toContain(`${named}, offered with the option tools: "all"`);
      }
    }
  });

  it('with tools: "all", names the curation tools themselves', async () => {
    const { tools, ctx } = await toolsOf({ tools: "all" });
    const call = async (name: string, args: Record<string, unknown>) =>
      String(await tools[name]?.execute(args as never, ctx));
    const saved = await call("memory_save", { kind: "fact", title: "Deploy", body: "old" });
    const id = /\[([0-9a-z]{12})\]/.exec(saved)?.[1] ?? "";
    await call("memory_save", { kind: "fact", title: "Deploy v2", body: "new", supersedes: id });
    expect(await call("memory_save", { kind: "fact", title: "Deploy", body: "old" })).toContain(
      "if it holds again, memory_review can mark it active.",
    );
    expect(await call("memory_forget", { id })).toContain('with memory_restore or "opencode-ledger restore <id>"');
  });
});
