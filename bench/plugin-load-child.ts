/**
 * One cold plugin load in a process of its own, as OpenCode does it: import the module, call its `server` factory
 * with the host's inputs and no options (a one-line install), then its `config` hook. Prints the milliseconds of each
 * step, the CPU time of the whole load (all threads) and the resident memory it added. The SDK client and the log sink exist before the clock starts, and the
 * runtime's fetch has made one request: the host owns those (the TUI and `opencode run` talk to the server through
 * fetch). Run with HOME and XDG_DATA_HOME pointing at a scratch folder.
 */
import fs from "node:fs";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";

const [entry, dir] = process.argv.slice(2);
if (!entry || !dir) throw new Error("usage: plugin-load-child.ts <plugin module> <project folder>");

function rssKb(): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
}

interface PluginModule {
  default: { id: string; server: (input: PluginInput, options?: Record<string, unknown>) => Promise<Hooks> };
}

// The plugin logs through the client; a sink on 127.0.0.1 accepts it as OpenCode's own server would.
const sink = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json(true) });
const client = createOpencodeClient({ baseUrl: `http://127.0.0.1:${sink.port}` });
await (await fetch(`http://127.0.0.1:${sink.port}/`)).text();
const input = { client, directory: dir, worktree: dir, project: { id: "bench" } } as unknown as PluginInput;
const config = { model: "stub/stub-model", provider: { stub: {} }, agent: {}, command: {}, permission: {} };
const rss0 = rssKb();

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const mod = (await import(entry)) as PluginModule;
const t1 = performance.now();
const hooks = await mod.default.server(input, {});
const t2 = performance.now();
await hooks.config?.(config as never);
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);

console.log(
  JSON.stringify({
    importMs: t1 - t0,
    serverMs: t2 - t1,
    configMs: t3 - t2,
    totalMs: t3 - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssKb: rssKb() - rss0,
  }),
);
sink.stop(true);
process.exit(0);
