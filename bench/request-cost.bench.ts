/**
 * What the plugin adds to every request, measured at the provider: `opencode serve` with the stub model, one user
 * turn in a new session, its chat request taken apart, without the plugin and with it (the default tool set and
 * `tools: "core"`). Tokens are estimated at 4 bytes a token.
 */
import { measureFirstRequest, tokensOf } from "../test/live/request-cost.js";
import { startStubModel } from "../test/live/stub-model.js";
import { table, writeSection } from "./report.js";

const TARGET_TOKENS = 1_500;
const stub = await startStubModel();
try {
  const without = await measureFirstRequest(stub, false);
  const runs = [
    { label: "default (12 tools)", plugin: { backfill: { enabled: false } } },
    { label: 'tools: "core" (4 tools)', plugin: { backfill: { enabled: false }, tools: "core" } },
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
    if (perTool.length === 0) {
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

Each tool's definition in the default set (bytes of JSON, with the \`$schema\` line OpenCode adds to each):
${perTool.join(", ")}.

Before the descriptions and argument texts were shortened the default set added 14,501 bytes (3,625 tokens; tool
definitions 14,154 bytes). \`tools: "core"\` keeps memory_save, memory_search, memory_session_search and
memory_session_read; the CLI and the TUI do the rest.`,
  );
} finally {
  await stub.close();
}
process.exit(0);
