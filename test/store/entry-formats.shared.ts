/**
 * The entries the format fixtures (test/fixtures/entry-formats/) were written from: every field set, every field
 * empty, a trashed one, a superseded one linked to its replacement. Imported into a real store in a temp folder.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { TransferEntry } from "../../src/store/memory-transfer.js";
import { importEntries, readExport } from "../../src/store/memory-transfer.js";
import type { Actor, EntryView } from "../../src/store/memory-types.js";
import { tempDir } from "../helpers/temp-dir.js";

export const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "entry-formats");
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
export const NOW = T0 + 10 * 86_400_000;

export const FIXTURE_ENTRIES: TransferEntry[] = [
  {
    id: "bb0000000002",
    scope: "global",
    kind: "decision",
    title: 'Postgres, not "Dynamo" — ünïcode',
    body: "why:\n\tit joins\\and it \u2028 scales",
    tags: ["db", "ops"],
    status: "active",
    supersededBy: null,
    source: { agent: "build", session: "ses_fixture01" },
    createdAt: T0,
    updatedAt: T0 + 1,
    validFrom: T0 - 1000,
    validUntil: null,
    expiresAt: Date.UTC(2031, 5, 30, 14, 0, 0),
    trashedAt: null,
  },
  {
    id: "aa0000000001",
    scope: "global",
    kind: "fact",
    title: "DynamoDB",
    body: "",
    tags: [],
    status: "superseded",
    supersededBy: "bb0000000002",
    source: { agent: null, session: null },
    createdAt: T0 - 5000,
    updatedAt: T0 - 4000,
    validFrom: null,
    validUntil: T0,
    expiresAt: null,
    trashedAt: null,
  },
  {
    id: "cc0000000003",
    scope: "/home/someone/projects/alpha",
    kind: "lesson",
    title: "Trashed one",
    body: "gone",
    tags: ["x"],
    status: "candidate",
    supersededBy: null,
    source: { agent: "cli", session: null },
    createdAt: T0,
    updatedAt: T0,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: T0 + 10,
  },
];

export interface FixtureStore {
  database: Database;
  views: EntryView[];
  rows: unknown[];
}

/** A store holding the fixture entries (the replacement first, as an export lists it before what it replaced). */
export async function fixtureStore(): Promise<FixtureStore> {
  const database = new Database({ dataDir: path.join(tempDir(), "data") });
  const results = await importEntries(
    database,
    FIXTURE_ENTRIES.map((entry, i) => ({ line: i + 1, entry })),
    { kind: "cli" },
    NOW,
  );
  for (const r of results) if (!("outcome" in r)) throw new Error(`fixture entry not imported: ${JSON.stringify(r)}`);
  const views = await readExport(database, undefined, NOW);
  const rows = await database.read((db) => db.all(sql`SELECT * FROM entries ORDER BY seq`), []);
  return { database, views, rows };
}

const DAY = 86_400_000;

/**
 * Every kind of write over the fixture store, one second apart: import (by `fixtureStore`), create, rewrite, edit,
 * review, supersede, reopen, trash, restore, a rewrite awaiting review. Returns the audit log as the table holds it
 * (the changes as their stored JSON text) and the views at the end, the trash included.
 */
export async function fixtureHistory(): Promise<{ audit: string; views: EntryView[] }> {
  const { database } = await fixtureStore();
  let now = NOW;
  const memory = createMemoryStore({ database, clock: () => (now += 1000) });
  const agent: Actor = { kind: "agent", agent: "build", session: "ses_fixture02" };
  const person: Actor = { kind: "person" };
  const first = await memory.save(
    {
      scope: "global",
      kind: "Decision ",
      title: "Cache",
      body: "redis",
      tags: ["a"],
      validFrom: T0,
      expiresAt: NOW + 400 * DAY,
    },
    agent,
  );
  const id = first.entry.id;
  await memory.save(
    { scope: "global", kind: "decision", title: "cache", body: "memcached", tags: ["a", "B"], validFrom: null },
    agent,
  );
  await memory.edit(id, { title: "Cache layer", validUntil: NOW + DAY }, person);
  await memory.setStatus(id, { status: "rejected", reason: "wrong" }, person);
  await memory.setStatus(id, { status: "active" }, person);
  const next = await memory.save(
    { scope: "global", kind: "decision", title: "Cache v2", body: "valkey", supersedes: id, status: "active" },
    agent,
    { reason: "moved on" },
  );
  await memory.setStatus(id, { status: "active", reason: "both hold" }, person);
  await memory.trash(id, person, "tidy");
  await memory.restore(id, person);
  await memory.save({ scope: "global", kind: "decision", title: "Cache v2", body: "valkey 8" }, agent, {
    changesAwaitReview: true,
  });
  await memory.supersede(id, next.entry.id, person, "for good");
  const rows = await database.read(
    (db) =>
      db.all<Record<string, unknown>>(
        sql`SELECT seq, entry_id, scope, action, actor_kind, actor_agent, actor_session, at, changes, reason FROM audit_log ORDER BY seq`,
      ),
    [],
  );
  const views = await readExport(database, undefined, now);
  database.close();
  // Entry ids are random: named by their place so the fixture holds still.
  const named = (text: string) => text.replaceAll(id, "new000000001").replaceAll(next.entry.id, "new000000002");
  const audit = named(rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
  return { audit, views: JSON.parse(named(JSON.stringify(views))) as EntryView[] };
}
