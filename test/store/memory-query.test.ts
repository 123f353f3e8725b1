import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import { queryWords } from "../../src/store/fts-query.js";
import type { Actor } from "../../src/store/memory-types.js";
import { type MemoryFixture, memoryFixture } from "../helpers/memory.js";

const agent: Actor = { kind: "agent", agent: "build", session: "ses_1" };

async function seed(f: MemoryFixture, scope: string, title: string, body: string, kind = "fact") {
  return (await f.memory.save({ scope, kind, title, body }, agent)).entry;
}

describe("memory search", () => {
  it("ranks entries matching every word first, then word-prefix matches, then partial matches", async () => {
    const f = memoryFixture();
    const partial = await seed(f, f.project, "Deploy notes", "deploy happens on fridays");
    const prefix = await seed(f, f.project, "Deployment staging", "deployments go to staging first");
    const all = await seed(f, f.project, "Release process", "we deploy to staging with the release script");
    const page = await f.memory.search({
      query: "deploy staging",
      scopes: [f.project, GLOBAL_SCOPE],
      preferScope: f.project,
    });
    expect(page.items.map((h) => [h.entry.id, h.tier])).toEqual([
      [all.id, 1],
      [prefix.id, 2],
      [partial.id, 3],
    ]);
    expect(page.total).toBe(3);
    expect(page.words).toEqual(["deploy", "staging"]);
    // Prefix matches fill the slots the all-word matches leave.
    const top2 = await f.memory.search({ query: "deploy staging", scopes: [f.project], limit: 2 });
    expect(top2.items.map((h) => h.entry.id)).toEqual([all.id, prefix.id]);
    expect(top2.total).toBe(3);
    const next = await f.memory.search({ query: "deploy staging", scopes: [f.project], limit: 2, offset: 2 });
    expect(next.items.map((h) => h.entry.id)).toEqual([partial.id]);
    f.close();
  });

  it("ranks by BM25 within a tier, a title hit above a body hit", async () => {
    const f = memoryFixture();
    const body = await seed(
      f,
      f.project,
      "Misc",
      "a long body that mentions postgres once among many other words here",
    );
    const title = await seed(f, f.project, "Postgres locks", "advisory locks serialise migrations");
    const page = await f.memory.search({ query: "postgres", scopes: [f.project] });
    expect(page.items.map((h) => h.entry.id)).toEqual([title.id, body.id]);
    f.close();
  });

  it("puts this project above global at equal rank", async () => {
    const f = memoryFixture();
    const global = await seed(f, GLOBAL_SCOPE, "Tabs or spaces", "two spaces");
    const mine = await seed(f, f.project, "Tabs or spaces", "two spaces");
    const page = await f.memory.search({ query: "spaces", scopes: [f.project, GLOBAL_SCOPE], preferScope: f.project });
    expect(page.items.map((h) => h.entry.id)).toEqual([mine.id, global.id]);
    // And the other way round when the other scope is the preferred one.
    const flipped = await f.memory.search({
      query: "spaces",
      scopes: [f.project, GLOBAL_SCOPE],
      preferScope: GLOBAL_SCOPE,
    });
    expect(flipped.items.map((h) => h.entry.id)).toEqual([global.id, mine.id]);
    f.close();
  });

  it("never returns another project's entries unless that scope is asked for", async () => {
    const f = memoryFixture();
    await seed(f, f.other, "Secretive plan", "kangaroo");
    expect((await f.memory.search({ query: "kangaroo", scopes: [f.project, GLOBAL_SCOPE] })).total).toBe(0);
    expect((await f.memory.list({ scopes: [f.project, GLOBAL_SCOPE] })).total).toBe(0);
    expect((await f.memory.search({ query: "kangaroo", scopes: [f.other] })).total).toBe(1);
    expect((await f.memory.search({ query: "kangaroo" })).total).toBe(1);
    f.close();
  });

  it("filters by status, kind and trash; superseded, rejected and trashed only when asked", async () => {
    const f = memoryFixture();
    const active = await seed(f, f.project, "Lint A", "biome lint", "lesson");
    const rejected = await seed(f, f.project, "Lint B", "biome lint");
    const superseded = await seed(f, f.project, "Lint C", "biome lint");
    const trashed = await seed(f, f.project, "Lint D", "biome lint");
    const candidate = (
      await f.memory.save(
        { scope: f.project, kind: "fact", title: "Lint E", body: "biome lint", status: "candidate" },
        agent,
      )
    ).entry;
    await f.memory.setStatus(rejected.id, { status: "rejected" }, agent);
    await f.memory.supersede(superseded.id, active.id, agent);
    await f.memory.trash(trashed.id, agent);
    const ids = async (q: Partial<Parameters<typeof f.memory.search>[0]>) =>
      (await f.memory.search({ query: "biome", scopes: [f.project], ...q })).items.map((h) => h.entry.id).sort();
    expect(await ids({})).toEqual([active.id, candidate.id].sort());
    expect(await ids({ status: "rejected" })).toEqual([rejected.id]);
    expect(await ids({ status: "superseded" })).toEqual([superseded.id]);
    expect(await ids({ status: "all" })).toEqual([active.id, rejected.id, superseded.id, candidate.id].sort());
    expect(await ids({ trashed: true })).toEqual([trashed.id]);
    expect(await ids({ kind: "Lesson" })).toEqual([active.id]);
    f.close();
  });

  const HOSTILE = [
    '"',
    '""',
    "*",
    "NEAR(",
    "NEAR(a b, 2)",
    "a OR",
    "OR",
    "AND NOT",
    "-x",
    "col:foo",
    "title:deploy",
    "^start",
    "deploy*",
    "(deploy",
    "deploy)",
    "{title body}: x",
    "a + b",
    "'; DROP TABLE entries; --",
    "\u0000null byte",
    "e\u0301te",
    "Ünïcödé straße",
    "日本語のテキスト",
    "🚀 emoji 🎉",
    "\u202Eright-to-left",
    "x".repeat(10_000),
    "word ".repeat(2_000),
    Array.from({ length: 3000 }, (_, i) => `w${i}`).join(" "),
  ];

  it.each(HOSTILE.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : JSON.stringify(q), q]))(
    "takes any text as a query: %s",
    async (_label, query) => {
      const f = memoryFixture();
      await seed(f, f.project, "Deploy straße 日本語のテキスト", "unicode body with emoji 🚀 and words near deploy");
      const result = await f.memory.search({ query, scopes: [f.project] }).catch((e: unknown) => e);
      if (result instanceof Error) {
        expect(result).toBeInstanceOf(InvalidInputError);
        expect(result.message).toMatch(/query: has no words to search for/);
        expect(queryWords(query).words).toEqual([]);
      } else {
        expect(result).toMatchObject({ offset: 0 });
      }
      f.close();
    },
  );

  it("finds unicode text, and caps a long query at 16 words, saying how many were ignored", async () => {
    const f = memoryFixture();
    const entry = await seed(f, f.project, "Straße naming", "日本語のテキスト and café");
    expect(
      (await f.memory.search({ query: "STRASSE straße", scopes: [f.project] })).items.map((h) => h.entry.id),
    ).toEqual([entry.id]);
    expect((await f.memory.search({ query: "cafe", scopes: [f.project] })).total).toBe(1);
    expect((await f.memory.search({ query: "日本語のテキスト", scopes: [f.project] })).total).toBe(1);
    const long = await f.memory.search({
      query: Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "),
      scopes: [f.project],
    });
    expect(long.words).toHaveLength(16);
    expect(long.ignoredWords).toBe(4);
    f.close();
  });

  it("never lets an FTS syntax error out, for any string (property)", async () => {
    const f = memoryFixture();
    await seed(f, f.project, "Deploy notes", "deploy with care");
    const fts = fc.constantFrom('"', "*", "(", ")", ":", "^", "-", "+", "NEAR", "OR", "AND", "NOT", " ", "{", "}", ",");
    const text = fc
      .array(fc.oneof(fc.string({ unit: "grapheme" }), fts, fc.string()), { maxLength: 12 })
      .map((p) => p.join(""));
    await fc.assert(
      fc.asyncProperty(text, async (query) => {
        const outcome = await f.memory.search({ query, scopes: [f.project] }).catch((e: unknown) => e);
        if (outcome instanceof Error) {
          expect(outcome).toBeInstanceOf(InvalidInputError);
          expect(queryWords(query).words).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
    f.close();
  });
});
