/**
 * The search ranks from the all-prefix match and the rest only when a page reaches it; this proves that it answers
 * exactly what the single query it replaced answered (kept below as the reference): the same entries in the same
 * order, the same tiers, the same BM25 numbers and the same totals, over a generated store with every scope, status,
 * kind, trashed and expired entries, and words that are prefixes of other words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { ENTRY_STATUSES } from "../../src/store/entry-fields.js";
import { searchEntries } from "../../src/store/memory-query.js";
import { LIMITS, type SearchQuery, type StatusFilter } from "../../src/store/memory-types.js";
import { entries } from "../../src/store/schema.js";
import { referenceSearch } from "../helpers/memory-search-reference.js";
import { seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";

/** The total the search answers: exact up to the cap, and on a last page, which ends short of its limit. */
function counted(total: number, shown: number, limit: number): { total: number; atLeast: boolean } {
  const known = total <= LIMITS.searchCount || (shown > 0 && shown < limit);
  return { total: known ? total : LIMITS.searchCount, atLeast: !known };
}

// Words of one to three syllables: "ka" starts "kalo", which starts "kalomi", so every tier has members.
const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta"];
const VOCABULARY = SYLLABLES.flatMap((a) => [a, ...SYLLABLES.flatMap((b) => [a + b, `${a}${b}${a}`])]);
const PROJECT = "/work/alpha";
const SCOPES = [PROJECT, "/work/beta", "global", `team:${PROJECT}`];
const KINDS = ["fact", "decision", "lesson"];
const ENTRIES = 1_500;
const NOW = Date.UTC(2026, 0, 1);

// Seeded, so a failure names a case that can be run again.
const rand = seeded(11);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const text = (n: number) => Array.from({ length: n }, () => pick(VOCABULARY)).join(" ");

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = tempDir();
  database = new Database({ dataDir: dir });
  await database.write((db) => {
    for (let i = 0; i < ENTRIES; i++) {
      const trashed = rand() < 0.1;
      db.insert(entries)
        .values({
          id: `mem_${i}`,
          scope: pick(SCOPES),
          kind: pick(KINDS),
          // A live title is unique in its scope.
          title: `${text(1 + Math.floor(rand() * 4))} n${i}`,
          body: text(Math.floor(rand() * 40)),
          tags: JSON.stringify(rand() < 0.3 ? [pick(VOCABULARY)] : []),
          status: pick(ENTRY_STATUSES),
          createdAt: NOW - ENTRIES + i,
          // Distinct times: the last key of the order, so the reference order is one order.
          updatedAt: NOW - ENTRIES + i,
          expiresAt: rand() < 0.05 ? NOW - 1 : rand() < 0.05 ? NOW + 1_000 : null,
          trashedAt: trashed ? NOW - 10 : null,
        })
        .run();
    }
  });
}, 120_000);

afterAll(() => database.close());

const STATUSES: (StatusFilter | undefined)[] = [undefined, undefined, "all", ...ENTRY_STATUSES];
const SCOPE_SETS: (string[] | undefined)[] = [
  [PROJECT, "global"],
  [PROJECT, `team:${PROJECT}`, "global"],
  ["/work/beta"],
  undefined,
];

function randomQuery(): SearchQuery {
  const scopes = pick(SCOPE_SETS);
  return {
    query: Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(VOCABULARY)).join(" "),
    scopes,
    preferScope: scopes?.[0],
    status: pick(STATUSES),
    kind: rand() < 0.2 ? pick(KINDS) : undefined,
    trashed: rand() < 0.15,
    limit: pick([1, 3, 10, 20, 50]),
    offset: pick([0, 0, 0, 1, 5, 20, 60, 200, 5_000]),
  };
}

describe("memory search ranking", () => {
  it("answers what the single any-prefix query answered, case by case", async () => {
    const tiers = new Set<number>();
    let compared = 0;
    for (let n = 0; n < 400; n++) {
      const query = randomQuery();
      const [got, want] = await database.read(
        (db, raw) => [searchEntries(raw, query, NOW), referenceSearch(db, query, NOW)] as const,
        undefined as never,
      );
      const summary = (items: readonly { entry?: { id: string }; rank: number; tier: number }[]) =>
        items.map((h) => [h.entry?.id, h.tier, h.rank]);
      expect({ n, total: got.total, atLeast: got.totalAtLeast, items: summary(got.items) }).toEqual({
        n,
        ...counted(want.total, want.items.length, query.limit ?? 20),
        items: summary(want.items),
      });
      expect(got.items.map((h) => h.entry)).toEqual(want.items.map((h) => h.entry));
      for (const hit of got.items) tiers.add(hit.tier);
      compared += got.items.length;
    }
    // The cases reach every tier and compare many hits, not only empty pages.
    expect([...tiers].sort()).toEqual([1, 2, 3]);
    expect(compared).toBeGreaterThan(1_000);
    // 400 cases, each run twice: seconds on a busy machine.
  }, 60_000);

  it("pages across the tier boundaries as the reference does", async () => {
    // Two words, one a prefix of many: every tier is large, and pages of 7 cut each boundary somewhere.
    const query: SearchQuery = { query: "ka lomi", scopes: [PROJECT], status: "all", limit: 7 };
    const [all] = await database.read(
      (db) => [referenceSearch(db, { ...query, limit: 1_000 }, NOW)] as const,
      undefined as never,
    );
    const counts = [1, 2, 3].map((t) => all.items.filter((h) => h.tier === t).length);
    expect(counts.every((c) => c > 7)).toBe(true);
    const pages: string[] = [];
    for (let offset = 0; offset < all.total + 7; offset += 7) {
      const got = await database.read((_db, raw) => searchEntries(raw, { ...query, offset }, NOW), undefined as never);
      expect({ total: got.total, atLeast: got.totalAtLeast }).toEqual(
        counted(all.total, got.items.length, query.limit ?? 20),
      );
      pages.push(...got.items.map((h) => h.entry.id));
    }
    expect(pages).toEqual(all.items.map((h) => h.entry?.id));
  });

  it("starts a page at each edge of each group as the reference does: each group is its own query", async () => {
    for (const query of [
      { query: "ka lomi", scopes: [PROJECT], status: "all", limit: 3 },
      { query: "mi", scopes: [PROJECT, "global"], limit: 4 },
      { query: "ru tamita", scopes: undefined, status: "active", limit: 5 },
    ] satisfies SearchQuery[]) {
      const [all] = await database.read(
        (db) => [referenceSearch(db, { ...query, limit: 1_000 }, NOW)] as const,
        undefined as never,
      );
      const sizes = [1, 2, 3].map((t) => all.items.filter((h) => h.tier === t).length);
      const edges = [sizes[0] ?? 0, (sizes[0] ?? 0) + (sizes[1] ?? 0), all.total];
      // Each group has members, so every edge is a change of group (the last one the end of the matches).
      expect(sizes.slice(0, query.query.includes(" ") ? 3 : 2).every((n) => n > query.limit)).toBe(true);
      for (const offset of edges.flatMap((edge) => [edge - 1, edge, edge + 1])) {
        const [got, want] = await database.read(
          (db, raw) =>
            [searchEntries(raw, { ...query, offset }, NOW), referenceSearch(db, { ...query, offset }, NOW)] as const,
          undefined as never,
        );
        expect({ offset, items: got.items.map((h) => [h.entry.id, h.tier, h.rank]) }).toEqual({
          offset,
          items: want.items.map((h) => [h.entry?.id, h.tier, h.rank]),
        });
        expect({ total: got.total, atLeast: got.totalAtLeast }).toEqual(
          counted(want.total, want.items.length, query.limit),
        );
      }
    }
  });

  it("counts up to the cap and says so, and still pages past it as the reference does", async () => {
    const query: SearchQuery = { query: "ka mi", scopes: undefined, status: "all", limit: 50 };
    const [everything] = await database.read(
      (db) => [referenceSearch(db, { ...query, limit: 1_000, offset: 1_000 }, NOW)] as const,
      undefined as never,
    );
    // The last page, past the cap, knows the count.
    const last = await database.read(
      (_db, raw) => searchEntries(raw, { ...query, offset: everything.total - 3 }, NOW),
      undefined as never,
    );
    expect({ total: last.total, atLeast: last.totalAtLeast, shown: last.items.length }).toEqual({
      total: everything.total,
      atLeast: false,
      shown: 3,
    });
    for (const offset of [0, LIMITS.searchCount - 20, LIMITS.searchCount + 30]) {
      const [got, want] = await database.read(
        (db, raw) =>
          [searchEntries(raw, { ...query, offset }, NOW), referenceSearch(db, { ...query, offset }, NOW)] as const,
        undefined as never,
      );
      expect(want.total).toBeGreaterThan(LIMITS.searchCount + 80);
      expect({ total: got.total, atLeast: got.totalAtLeast }).toEqual({ total: LIMITS.searchCount, atLeast: true });
      expect(got.items.map((h) => [h.entry.id, h.rank])).toEqual(want.items.map((h) => [h.entry?.id, h.rank]));
      expect(got.items).toHaveLength(50);
    }
  });

  it("reaches the third tier when no entry holds every word, and answers empty when none holds any", async () => {
    const got = await database.read(
      (_db, raw) => searchEntries(raw, { query: "zzzq ka", scopes: [PROJECT], offset: 3 }, NOW),
      undefined as never,
    );
    const want = await database.read(
      (db) => referenceSearch(db, { query: "zzzq ka", scopes: [PROJECT], offset: 3 }, NOW),
      undefined as never,
    );
    expect(got.items.map((h) => h.entry.id)).toEqual(want.items.map((h) => h.entry?.id));
    expect(got.total).toBe(want.total);
    const none = await database.read(
      (_db, raw) => searchEntries(raw, { query: "zzzq", scopes: undefined }, NOW),
      undefined as never,
    );
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});
