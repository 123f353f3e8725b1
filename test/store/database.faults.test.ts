/**
 * A store the plugin cannot use: one from a newer version, a file that is not a store, a store with damaged pages,
 * an installation without its migrations folder. The plugin still starts; every registered tool answers (a clear
 * message naming what is wrong and what to do where it needs the store, its usual answer where it does not); the
 * hooks resolve and log the failure once; nothing is written to the store; `opencode-ledger doctor` says what is
 * wrong. Each case starts from a healthy store whose tools answer normally (the positive control).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hooks, PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { server } from "../../src/plugin.js";
import { normalizeScopePath } from "../../src/scope.js";
import { createDataContext } from "../../src/services.js";
import { knownSchemaVersion, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { connect } from "../../src/store/driver.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { assertBuilt, CLI, NODE, REPO_ROOT } from "../helpers/cli.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";

const SESSION = "ses_storefaults00001";
const BASE_PROMPT = "You are an AI coding agent.";
/** Tools that need the store, with arguments that would succeed on a healthy one, and the ones that write. */
const WRITES = ["memory_save", "memory_forget", "memory_restore", "memory_review"];
const READS = [
  "memory_search",
  "memory_list",
  "memory_history",
  "memory_stats",
  "memory_session_read",
  "memory_transcript_list",
];

/** A host that accepts everything and keeps the plugin's log lines. */
let host: http.Server;
let hostUrl = "";
const logLines: string[] = [];
beforeAll(async () => {
  host = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url?.startsWith("/log")) logLines.push(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end("true");
    });
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

interface Fixture {
  root: string;
  dataDir: string;
  db: string;
  id: string;
}

/** A healthy store of this project: 60 entries and one exported transcript. */
async function healthyStore(): Promise<Fixture> {
  const root = normalizeScopePath(tempDir());
  const dataDir = path.join(root, "data");
  const data = createDataContext(parseOptions({ dataDir }).options, createMemoryLogger());
  const memory = createMemoryStore({ database: data.database, clock: Date.now });
  let id = "";
  for (let i = 0; i < 60; i++) {
    const saved = await memory.save(
      { scope: root, kind: "fact", title: `Entry ${i}`, body: "x".repeat(2_000) },
      { kind: "cli" },
    );
    id = saved.entry.id;
  }
  const session = syntheticSession(12, SESSION, 3_000);
  await exportTranscript({ data, source: createMemorySource([session.data]), sessionID: SESSION, scope: root });
  data.database.close();
  const db = path.join(dataDir, "ledger.db");
  const c = await connect(db, { readonly: false });
  c.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  c.close();
  return { root, dataDir, db, id };
}

type ServerFactory = typeof server;

/** Every tool called once with arguments that succeed on a healthy store; every answer by tool name. */
async function callTools(f: Fixture, factory: ServerFactory = server) {
  const input = { client: createOpencodeClient({ baseUrl: hostUrl }), directory: f.root, worktree: f.root };
  const hooks: Hooks = await factory(input as unknown as PluginInput, {
    dataDir: f.dataDir,
    search: { useRipgrep: false },
    tools: "all",
  });
  const ctx = toolContext(f.root);
  const calls: Record<string, Record<string, unknown>> = {
    memory_save: { kind: "fact", title: "Saved now", body: "b" },
    memory_forget: { id: f.id },
    memory_restore: { id: f.id },
    memory_review: { id: f.id, status: "rejected", reason: "checked" },
    memory_search: { query: "entry" },
    memory_list: {},
    memory_history: { id: f.id },
    memory_stats: {},
    memory_session_read: { sessionID: SESSION },
    memory_transcript_list: {},
    memory_session_search: { query: "Synthetic" },
    memory_transcript_cleanup: { dryRun: true },
  };
  expect(Object.keys(hooks.tool ?? {}).sort()).toEqual(Object.keys(calls).sort());
  const answers: Record<string, string> = {};
  const tools = hooks.tool ?? {};
  for (const [name, args] of Object.entries(calls)) {
    answers[name] = String(await tools[name]?.execute(args as never, ctx));
  }
  const logged = logLines.length;
  const systems: string[][] = [];
  for (const sessionID of ["ses_faultsfirst00001", "ses_faultssecond0001"]) {
    const output = { system: [BASE_PROMPT] };
    // The hook reads only the provider of the model; OpenCode passes the whole model.
    const model = { providerID: "anthropic" } as Parameters<
      NonNullable<Hooks["experimental.chat.system.transform"]>
    >[0]["model"];
    await hooks["experimental.chat.system.transform"]?.({ sessionID, model }, output);
    systems.push(output.system);
  }
  const parts: { type: string; text?: string }[] = [];
  await hooks["command.execute.before"]?.(
    { command: "memory-continue", sessionID: "ses_faultscaller0001", arguments: SESSION },
    { parts: parts as never },
  );
  // The host logger does not wait for the host; give its requests a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const hookErrors = logLines
    .slice(logged)
    .filter((l) => l.includes('"level":"error"') && l.includes("experimental.chat.system.transform"));
  return { answers, systems, hookErrors, command: parts.map((p) => p.text ?? "").join("\n") };
}

function doctor(f: Fixture, cli = CLI) {
  const out = spawnSync(NODE, [cli, "--data-dir", f.dataDir, "doctor"], { encoding: "utf8" });
  return { code: out.status, stdout: out.stdout };
}

describe("a store the plugin cannot use", () => {
  beforeAll(() => assertBuilt());

  it("positive control: on a healthy store every tool answers normally and memory is injected", async () => {
    const f = await healthyStore();
    const { answers, systems, hookErrors } = await callTools(f);
    for (const name of [...WRITES, ...READS, "memory_session_search"]) {
      expect(answers[name], name).not.toMatch(/^Error:/);
    }
    expect(systems[0]?.[1]).toContain("Entry 5");
    expect(hookErrors).toEqual([]);
    expect(doctor(f).code).toBe(0);
  }, 60_000);

  it("a store from a newer version: writes refused saying so, reads still answer, the file untouched", async () => {
    const f = await healthyStore();
    const c = await connect(f.db, { readonly: false });
    c.exec(`PRAGMA user_version = ${knownSchemaVersion(MIGRATIONS_FOLDER) + 1}`);
    c.close();
    const before = fs.readFileSync(f.db);
    const { answers, systems, hookErrors } = await callTools(f);
    for (const name of WRITES) {
      expect(answers[name], name).toMatch(
        /^Error: \[opencode-ledger\] the store .*ledger\.db has schema version \d+, newer than this plugin knows \(\d+\); it is left untouched and writes are refused\. Upgrade opencode-ledger\.$/,
      );
    }
    for (const name of READS) expect(answers[name], name).not.toMatch(/^Error:/);
    expect(answers.memory_search).toContain("Entry ");
    expect(systems[0]?.[1]).toContain("Entry 5");
    expect(hookErrors).toEqual([]);
    expect(fs.readFileSync(f.db).equals(before)).toBe(true);
    const report = doctor(f);
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(/FAIL\s+schema\s+.*newer than this opencode-ledger knows/);
    expect(report.stdout).toContain("upgrade opencode-ledger");
  }, 60_000);

  it("a file that is not a store: every tool that needs it says so and points at doctor; the rest answer", async () => {
    const f = await healthyStore();
    for (const side of ["-wal", "-shm"]) fs.rmSync(f.db + side, { force: true });
    fs.writeFileSync(f.db, Buffer.alloc(8_192, 0x5a), { mode: 0o600 });
    const { answers, systems, hookErrors, command } = await callTools(f);
    const clear =
      /^Error: \[opencode-ledger\] the store .*ledger\.db cannot be used: file is not a database\. Run "opencode-ledger doctor" to see what is wrong\.$/;
    for (const name of [...WRITES, ...READS]) expect(answers[name], name).toMatch(clear);
    // Transcript search reads the files; it still finds the session, without the store's title.
    expect(answers.memory_session_search).toContain(SESSION);
    expect(answers.memory_transcript_cleanup).not.toMatch(/^Error:/);
    // No memory block, no nudge about a memory that cannot be read; the failure logged once for two sessions.
    expect(systems).toEqual([[BASE_PROMPT], [BASE_PROMPT]]);
    expect(hookErrors).toHaveLength(1);
    expect(hookErrors[0]).toContain("file is not a database");
    expect(command).toContain("/memory-continue could not run: [opencode-ledger] the store");
    expect(fs.readFileSync(f.db).equals(Buffer.alloc(8_192, 0x5a))).toBe(true);
    const report = doctor(f);
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(/FAIL\s+store\s+.*is not a readable SQLite store: file is not a database/);
  }, 60_000);

  it("a store with a damaged page: reads and writes say it is damaged and point at doctor", async () => {
    const f = await healthyStore();
    const c = await connect(f.db, { readonly: false });
    const root = c.get<{ rootpage: number }>("SELECT rootpage FROM sqlite_master WHERE name = 'entries'")?.rootpage;
    c.close();
    const bytes = fs.readFileSync(f.db);
    const pageSize = bytes.readUInt16BE(16);
    const at = ((root as number) - 1) * pageSize;
    bytes.fill(0xa5, at, at + 64);
    fs.writeFileSync(f.db, bytes);
    const { answers, systems, hookErrors } = await callTools(f);
    const damaged = (outcome: string) =>
      new RegExp(
        `^Error: \\[opencode-ledger\\] the store .*ledger\\.db cannot be used: it is damaged \\(database disk image is malformed\\)\\. Run "opencode-ledger doctor" to see what is wrong; nothing was ${outcome}$`,
      );
    for (const name of WRITES) expect(answers[name], name).toMatch(damaged("written"));
    for (const name of ["memory_search", "memory_list", "memory_history", "memory_stats"]) {
      expect(answers[name], name).toMatch(damaged("read"));
    }
    // The transcripts' table is on pages left whole: those tools still answer.
    expect(answers.memory_session_read).toContain("lines 1-200 of 2279");
    expect(answers.memory_transcript_list).toMatch(/^1 transcript, /);
    expect(systems).toEqual([[BASE_PROMPT], [BASE_PROMPT]]);
    expect(hookErrors).toHaveLength(1);
    const report = doctor(f);
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(/FAIL\s+integrity/);
  }, 60_000);

  it("an installation without its migrations folder: every tool that needs the store says reinstall", async () => {
    const f = await healthyStore();
    const before = fs.readFileSync(f.db);
    const pkg = path.join(f.root, "pkg");
    fs.cpSync(path.join(REPO_ROOT, "dist"), path.join(pkg, "dist"), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(pkg, "package.json"));
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(pkg, "node_modules"));
    const shipped = (await import(pathToFileURL(path.join(pkg, "dist", "index.js")).href)) as {
      default: { server: ServerFactory };
    };
    const { answers, systems, hookErrors } = await callTools(f, shipped.default.server);
    const reinstall =
      /^Error: \[opencode-ledger\] the store .*migrations\/meta\/_journal\.json cannot be used: the migrations folder that ships with opencode-ledger is missing; reinstall the package$/;
    for (const name of [...WRITES, ...READS]) expect(answers[name], name).toMatch(reinstall);
    expect(systems).toEqual([[BASE_PROMPT], [BASE_PROMPT]]);
    expect(hookErrors).toHaveLength(1);
    expect(fs.readFileSync(f.db).equals(before)).toBe(true);
    const report = doctor(f, path.join(pkg, "dist", "cli-tool", "cli.js"));
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(/FAIL\s+migrations\s+the migrations folder is missing or unreadable/);
    expect(report.stdout).toContain("reinstall opencode-ledger");
  }, 60_000);
});
