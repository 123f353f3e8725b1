/**
 * What the plugin adds to every request, measured at the provider: `opencode serve` with the stub model, one user
 * turn in a new session, its chat request taken apart, without the plugin and with it (the default tool set,
 * `tools: "core"`, and `tools: "all"`). Tokens are estimated at 4 bytes a token.
 */
import { measureFirstRequest, tokensOf } from "../test/live/request-cost.js";
import { startStubModel } from "../test/live/stub-model.js";
import { table, writeSection } from "./report.js";

const TARGET_TOKENS = 1_500;
const stub = await startStubModel();
try {
  const without = await measureFirstRequest(stub, false);
  const runs: { label: string; plugin: { backfill: { enabled: false }; tools?: "all" } }[] = [
    { label: 'default, tools: "core" (6 tools)', plugin: { backfill: { enabled: false } } },
    { label: 'tools: "all" (12 tools)', plugin: { backfill: { enabled: false }, tools: "all" } },
  ];
  const rows: (string | number)[][] = [
    ["OpenCode without the plugin", without.bytes.toLocaleString("en-US"), "-", "-", "-", "-"],
  ];
  const perTool: string[] = [];
  for (const run of runs) {
    const cost = await measureFirstRequest(stub, run.plugin);
    const added = cost.bytes - without.bytes;
    rows.push([
      run.label,
      cost.bytes.toLocaleString("en-US"),
      (cost.toolBytes - without.toolBytes).toLocaleString("en-US"),
      (cost.systemBytes - without.systemBytes).toLocaleString("en-US"),
      added.toLocaleString("en-US"),
      `${tokensOf(added).toLocaleString("en-US")}${tokensOf(added) <= TARGET_TOKENS ? "" : " (over the target)"}`,
    ]);
    if (run.plugin.tools === "all") {
      for (const t of cost.tools.filter((t) => t.name.startsWith("memory_"))) perTool.push(`${t.name} ${t.bytes}`);
    }
  }
  writeSection(
    "request-cost",
    "What the plugin adds to every request",
    `The first chat request of a new session, as the provider receives it (OpenCode ${"1.18.33"}, stub model on
127.0.0.1; tool definitions and system prompt; the compaction itself costs zero bytes). Target: at most
${TARGET_TOKENS.toLocaleString("en-US")} tokens added (4 bytes a token).

${table(["setup", "request bytes", "tool definitions added", "system prompt added", "added", "tokens added"], rows)}

Each tool's definition (bytes of JSON, with the \`$schema\` line OpenCode adds to each):
${perTool.join(", ")}.

The twelve tools added 14,501 bytes (3,625 tokens) before their descriptions and argument texts were first shortened,
8,992 bytes (2,248 tokens) before the second cut (descriptions that say when to use a tool and what it returns,
argument texts of a few words, integer bounds stated instead of 2^53 - 1, a shorter system note). Twelve
definitions stay over the target with every argument kept, so the default is \`tools: "core"\`: memory_save,
memory_search, memory_history (an entry in full, which a search result points to), memory_forget,
memory_session_search and memory_session_read. \`tools: "all"\` adds memory_list, memory_review, memory_restore,
memory_stats, memory_transcript_list and memory_transcript_cleanup, which the CLI and the TUI offer people anyway.`,
  );
} finally {
  await stub.close();
}
process.exit(0);
