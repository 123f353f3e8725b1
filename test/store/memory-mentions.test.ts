import { afterEach, describe, expect, it } from "vitest";
import { createMentionLookup, mentionExpression } from "../../src/store/memory-mentions.js";
import type { Actor } from "../../src/store/memory-types.js";
import { type MemoryFixture, memoryFixture } from "../helpers/memory.js";

const AGENT: Actor = { kind: "agent", agent: "build" };

let fx: MemoryFixture;
afterEach(() => fx?.close());

describe("entries that name a path or a command", () => {
  it("finds a path as words in a row in the body, title or tags, and a bare word in titles and tags only", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    const body = await fx.memory.save(
      { kind: "gotcha", title: "A", body: "see src/db/migrate.ts", scope: fx.project },
      AGENT,
    );
    const tag = await fx.memory.save(
      { kind: "fact", title: "B", body: "x", tags: ["migrate"], scope: fx.project },
      AGENT,
    );
    await fx.memory.save({ kind: "fact", title: "C", body: "we migrate at night", scope: fx.project }, AGENT);
    await fx.memory.save({ kind: "fact", title: "D", body: "migrate.ts src db", scope: fx.project }, AGENT);
    const scopes = [fx.project];
    const byPath = await lookup({ mentions: [{ text: "src/db/migrate.ts", where: "named" }], scopes, limit: 10 });
    expect(byPath.map((e) => e.id)).toEqual([body.entry.id]);
    const byModule = await lookup({ mentions: [{ text: "migrate", where: "tagged" }], scopes, limit: 10 });
    expect(byModule.map((e) => e.id)).toEqual([tag.entry.id]);
    expect(await lookup({ mentions: [{ text: "src/db/migrate.ts", where: "named" }], scopes: [], limit: 10 })).toEqual(
      [],
    );
    expect(
      await lookup({ mentions: [{ text: "src/db/migrate.ts", where: "named" }], scopes: [fx.other], limit: 10 }),
    ).toEqual([]);
  });

  it("takes any text without a syntax error: quotes, operators, column filters and stars are words or nothing", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    await fx.memory.save(
      { kind: "fact", title: "Quoted", body: 'run "npm test" NEAR the end', scope: fx.project },
      AGENT,
    );
    for (const text of ['"npm test"', "NEAR(a b)", "title: x", "*", "a OR b", "-x", '"', "", "   ", "()", "^x"]) {
      await expect(
        lookup({ mentions: [{ text, where: "named" }], scopes: [fx.project], limit: 5 }),
      ).resolves.toBeDefined();
    }
    expect(
      mentionExpression([
        { text: "", where: "named" },
        { text: "**", where: "tagged" },
      ]),
    ).toBeUndefined();
    expect(mentionExpression([{ text: 'a"b', where: "named" }])).toBe('{title body tags} : "a""b"');
    const found = await lookup({ mentions: [{ text: '"npm test"', where: "named" }], scopes: [fx.project], limit: 5 });
    expect(found.map((e) => e.title)).toEqual(["Quoted"]);
  });

  it("asks for at most its limit, and reads nothing from a store that does not exist", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    expect(await lookup({ mentions: [{ text: "x.ts", where: "named" }], scopes: [fx.project], limit: 5 })).toEqual([]);
    for (let i = 0; i < 5; i++) {
      await fx.memory.save({ kind: "fact", title: `N${i}`, body: "see x.ts", scope: fx.project }, AGENT);
    }
    const two = await lookup({ mentions: [{ text: "x.ts", where: "named" }], scopes: [fx.project], limit: 2 });
    expect(two).toHaveLength(2);
  });
});
