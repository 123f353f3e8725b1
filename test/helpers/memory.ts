/**
 * A real memory store in a temp folder, a clock the test moves, the eight tools over it, and ToolContext objects
 * shaped exactly as OpenCode passes them to a tool's execute.
 */
import fs from "node:fs";
import path from "node:path";
import type { ToolContext } from "@opencode-ai/plugin";
import { type Options, parseOptions } from "../../src/options.js";
import { normalizeScopePath } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore, type MemoryStore } from "../../src/store/memory-store.js";
import type { TransferEntry } from "../../src/store/memory-transfer.js";
import { createMemoryTools } from "../../src/tools/memory-tools.js";
import { toolBoundaries } from "../../src/tools/tool-boundary.js";
import { tempDir } from "./temp-dir.js";

export const DAY = 86_400_000;
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

export interface MemoryFixture {
  dataDir: string;
  database: Database;
  memory: MemoryStore;
  options: Options;
  /** The eight tools behind the tool boundary, as the plugin registers them. */
  tools: ReturnType<typeof createMemoryTools>;
  /** The current time of the store's clock; assign to move it. */
  now: { value: number };
  /** A project folder (a real directory) and its scope. */
  project: string;
  other: string;
  ctx: ToolContext;
  otherCtx: ToolContext;
  dbFile: string;
  close(): void;
}

export function toolContext(dir: string, overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    sessionID: "ses_test0001",
    messageID: "msg_test0001",
    agent: "build",
    directory: dir,
    worktree: dir,
    abort: new AbortController().signal,
    metadata() {},
    ask: async () => {},
    ...overrides,
  };
}

export function memoryFixture(rawOptions: Record<string, unknown> = {}): MemoryFixture {
  const root = tempDir();
  const dataDir = path.join(root, "data");
  const projectDir = path.join(root, "projects", "alpha");
  const otherDir = path.join(root, "projects", "beta");
  fs.mkdirSync(projectDir, { recursive: true });
  fs.mkdirSync(otherDir, { recursive: true });
  const { options, problems } = parseOptions({ ...rawOptions, dataDir });
  if (problems.length > 0) throw problems[0];
  const now = { value: T0 };
  const database = new Database({ dataDir });
  const memory = createMemoryStore({ database, clock: () => now.value, trashDays: options.retention.trashDays });
  return {
    dataDir,
    database,
    memory,
    options,
    tools: toolBoundaries(createMemoryTools({ memory, options })),
    now,
    project: normalizeScopePath(projectDir),
    other: normalizeScopePath(otherDir),
    ctx: toolContext(projectDir),
    otherCtx: toolContext(otherDir, { sessionID: "ses_test0002" }),
    dbFile: database.file,
    close: () => database.close(),
  };
}

/** The bytes of ledger.db and its WAL, for proving what is (not) on disk. */
export function storeBytes(dbFile: string): Buffer {
  const parts = [dbFile, `${dbFile}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
  return Buffer.concat(parts);
}

/** An entry as an export line holds it, with `over` replacing fields; times default to a minute ago. */
export function transferEntry(over: Partial<TransferEntry> = {}): TransferEntry {
  const at = Date.now() - 60_000;
  return {
    id: "entry0000001",
    scope: "global",
    kind: "fact",
    title: "A title",
    body: "a body",
    tags: [],
    status: "active",
    supersededBy: null,
    source: { agent: "cli", session: null },
    createdAt: at,
    updatedAt: at,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
    ...over,
  };
}
