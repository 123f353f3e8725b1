/**
 * Forgetting for good, measured on the raw bytes: after a purge the content is in neither the store file nor its WAL,
 * nor in the full-text index's shadow tables, also when the index spans many segments and when another process is
 * reading the store at that moment. Each negative check follows a positive control that finds the same content
 * before the purge. (The plain cases are in test/store/memory-trash.purge-bytes.test.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Database, WIPE_PENDING } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { Actor } from "../../src/store/memory-types.js";
import { storeBytes } from "../helpers/memory.js";
import { REPO_ROOT, spawnHere } from "../helpers/runtime-child.js";
import { tempDir } from "../helpers/temp-dir.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_purge000001" };
const HOLDER = path.join(REPO_ROOT, "test", "helpers", "read-holder.mjs");
const PURGER = path.join(REPO_ROOT, "test", "helpers", "purger.mjs");
const NEIGHBOURS = 1_500;

// Distinctive words; FTS5 stores a term's prefix compressed against the term before it, never its end, so these
// inner fragments are on disk whenever the words are (in the rows, the audit log and the index, any case).
const TITLE = "Quokkaflamingo rotation";
const BODY = "The Xylophonequartz passphrase moved to the vault; ask Zebracrumpet for access.";
const TAG = "Wombatlantern";
const FRAGMENTS = ["okkaflamin", "lophonequar", "bracrumpe", "mbatlanter"];
const TERMS = ["quokkaflamingo", "xylophonequartz", "zebracrumpet", "wombatlantern"];

function onDisk(file: string): string[] {
  const bytes = storeBytes(file).toString("latin1").toLowerCase();
  return FRAGMENTS.filter((f) => bytes.includes(f));
}

function store(busyTimeoutMs?: number) {
  const dataDir = path.join(tempDir(), "data");
  const database = new Database({ dataDir, busyTimeoutMs });
  const memory = createMemoryStore({ database, clock: Date.now });
  return { database, memory };
}

/** Terms of the index (fts5vocab) and the index's own blocks, read through a connection of the store. */
async function inIndex(database: Database) {
  const raw = await database.raw();
  raw.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab USING fts5vocab(main, entries_fts, 'row')");
  const terms = TERMS.filter((t) => raw.get("SELECT term FROM temp.vocab WHERE term = ?", t) !== undefined);
  const blocks = raw.get<{ n: number }>(
    `SELECT count(*) AS n FROM entries_fts_data WHERE ${FRAGMENTS.map(() => "instr(lower(CAST(block AS TEXT)), ?) > 0").join(" OR ")}`,
    ...FRAGMENTS,
  );
  const segments = raw.get<{ n: number }>("SELECT count(DISTINCT segid) AS n FROM entries_fts_idx");
  return { terms, blocks: blocks?.n ?? 0, segments: segments?.n ?? 0 };
}

async function seed(memory: ReturnType<typeof createMemoryStore>, scope: string, neighbours: number) {
  for (let i = 0; i < neighbours; i++) {
    await memory.save({ scope, kind: "fact", title: `neighbour ${i}`, body: `body text number ${i} of many` }, agent);
  }
  const { entry } = await memory.save({ scope, kind: "gotcha", title: TITLE, body: BODY, tags: [TAG] }, agent);
  await memory.save({ scope, kind: "gotcha", title: TITLE, body: `${BODY} Rewritten.`, tags: [TAG, "x"] }, agent);
  return entry.id;
}

describe("purge, raw bytes", () => {
  it("leaves no term in the full-text index's shadow tables or vocabulary, over many index segments", async () => {
    const { database, memory } = store();
    const id = await seed(memory, "global", NEIGHBOURS);
    const before = await inIndex(database);
    // Positive control: the words are indexed, in blocks of the index and on disk.
    expect(before.terms).toEqual(TERMS);
    expect(before.blocks).toBeGreaterThan(0);
    expect(before.segments).toBeGreaterThan(1);
    expect(onDisk(database.file)).toEqual(FRAGMENTS);

    expect((await memory.purge(id, { kind: "person" })).checkpointed).toBe(true);
    expect(await inIndex(database)).toMatchObject({ terms: [], blocks: 0 });
    expect(onDisk(database.file)).toEqual([]);
    // The neighbours are still found, through the same index: the last page of them knows how many there are.
    const last = await memory.search({ query: "neighbour", scopes: ["global"], limit: 5, offset: NEIGHBOURS - 3 });
    expect({ total: last.total, shown: last.items.length }).toEqual({ total: NEIGHBOURS, shown: 3 });
    database.close();
    expect(onDisk(database.file)).toEqual([]);
  }, 120_000);

  it("with another connection open on the store: the WAL is still emptied", async () => {
    const { database, memory } = store();
    const id = await seed(memory, "global", 20);
    const other = new Database({ dataDir: database.dataDir });
    expect((await other.raw()).get<{ n: number }>("SELECT count(*) AS n FROM entries")?.n).toBe(21);
    expect(onDisk(database.file)).toEqual(FRAGMENTS);
    expect((await memory.purge(id, { kind: "person" })).checkpointed).toBe(true);
    expect(fs.statSync(`${database.file}-wal`).size).toBe(0);
    expect(onDisk(database.file)).toEqual([]);
    other.close();
    database.close();
  });

  it("while another process reads: waits for the read to end, then wipes", async () => {
    const { database, memory } = store();
    const id = await seed(memory, "global", 20);
    const holder = spawnHere(HOLDER, [database.file, "800"]);
    await holder.waitFor("held");
    expect(onDisk(database.file)).toEqual(FRAGMENTS);
    const result = await memory.purge(id, { kind: "person" });
    const returned = Date.now();
    await holder.exited;
    // The checkpoint could only finish once the reader let go (both clocks are this machine's).
    const released = Number(/released at (\d+)/.exec(holder.stdout())?.[1]);
    expect(returned).toBeGreaterThanOrEqual(released);
    expect(result.checkpointed).toBe(true);
    expect(onDisk(database.file)).toEqual([]);
    expect(fs.existsSync(database.file + WIPE_PENDING)).toBe(false);
    database.close();
  }, 60_000);

  it("while another process reads past the wait: the next write of any process wipes what is left", async () => {
    const { database, memory } = store(200);
    const id = await seed(memory, "global", 20);
    const holder = spawnHere(HOLDER, [database.file, "1500"]);
    await holder.waitFor("held");
    const result = await memory.purge(id, { kind: "person" });
    // Positive control: the reader kept the content in the WAL, and the store says a wipe is pending.
    expect(result.checkpointed).toBe(false);
    expect(holder.stdout()).not.toContain("released");
    expect(onDisk(database.file)).not.toEqual([]);
    expect(fs.existsSync(database.file + WIPE_PENDING)).toBe(true);
    await holder.exited;
    // Another process's store (a new connection) writes: the wipe is done then.
    const later = new Database({ dataDir: database.dataDir });
    await createMemoryStore({ database: later, clock: Date.now }).save(
      { scope: "global", kind: "fact", title: "a later save", body: "from another process" },
      agent,
    );
    expect(fs.existsSync(database.file + WIPE_PENDING)).toBe(false);
    expect(onDisk(database.file)).toEqual([]);
    later.close();
    database.close();
    expect(onDisk(database.file)).toEqual([]);
  }, 180_000);

  it("killed -9 inside the wait for a reader: the marker is already there, and the next process wipes the WAL", async () => {
    const { database, memory } = store();
    const id = await seed(memory, "global", 20);
    database.close();
    const holder = spawnHere(HOLDER, [database.file, "60000"]);
    await holder.waitFor("held");
    const purger = spawnHere(PURGER, [database.dataDir, id]);
    await purger.waitFor("purging");
    // Well inside the purge's 10 s wait: the delete is committed, the WAL cannot be emptied while the reader holds.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(purger.stdout()).not.toContain("purged");
    purger.child.kill("SIGKILL");
    await purger.exited;
    // Positive control: the content is still in the WAL, and the marker says a wipe is owed.
    expect(onDisk(database.file)).not.toEqual([]);
    expect(fs.existsSync(database.file + WIPE_PENDING)).toBe(true);
    holder.child.kill("SIGKILL");
    await holder.exited;
    // The next process only opens the store to read: the owed wipe is done then.
    const later = new Database({ dataDir: database.dataDir });
    expect(await createMemoryStore({ database: later, clock: Date.now }).get(id)).toBeUndefined();
    expect(fs.existsSync(database.file + WIPE_PENDING)).toBe(false);
    expect(onDisk(database.file)).toEqual([]);
    later.close();
    expect(onDisk(database.file)).toEqual([]);
  }, 60_000);
});
