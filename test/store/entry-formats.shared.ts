/**
 * The entries the format fixtures (test/fixtures/entry-formats/) were written from: every field set, every field
 * empty, a trashed one, a superseded one linked to its replacement. Imported into a real store in a temp folder.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { Database } from "../../src/store/database.js";
import type { TransferEntry } from "../../src/store/memory-transfer.js";
import { importEntries, readExport } from "../../src/store/memory-transfer.js";
import type { EntryView } from "../../src/store/memory-types.js";
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
