import { afterEach, describe, expect, it } from "vitest";
import { createMentionLookup, type Mention, mentionExpression } from "../../src/store/memory-mentions.js";
import type { Actor } from "../../src/store/memory-types.js";
import { type MemoryFixture, memoryFixture } from "../helpers/memory.js";

const AGENT: Actor = { kind: "agent", agent: "build" };

let fx: MemoryFixture;
afterEach(() => fx?.close());

/** One group of one mention. */
const one = (text: string, where: Mention["where"] = "named") => [{ text, where }];

const save = (title: string, body: string, tags: string[] = []) =>
  fx.memory.save({ kind: "fact", title, body, tags, scope: fx.project }, AGENT);

describe("entries that name a path or a command", () => {
  it("finds a path as words in a row anywhere in an entry, and a bare word in its tags only", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    const body = await save("A", "see src/db/migrate.ts");
    const tag = await save("B", "x", ["migrate"]);
    await save("C migrate", "we migrate at night");
    await save("D", "migrate.ts src db");
    const scopes = [fx.project];
    const byPath = await lookup({ mentions: one("src/db/migrate.ts"), scopes, limit: 10 });
    expect(byPath.map((e) => e.id)).toEqual([body.entry.id]);
    const byModule = await lookup({ mentions: one("migrate", "tagged"), scopes, limit: 10 });
    expect(byModule.map((e) => e.id)).toEqual([tag.entry.id]);
    expect(await lookup({ mentions: one("src/db/migrate.ts"), scopes: [], limit: 10 })).toEqual([]);
    expect(await lookup({ mentions: one("src/db/migrate.ts"), scopes: [fx.other], limit: 10 })).toEqual([]);
  });

  it("takes any text without a syntax error: quotes, operators, column filters and stars are words or nothing", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    await save("Quoted", 'run "npm test" NEAR the end');
    for (const text of ['"npm test"', "NEAR(a b)", "title: x", "*", "a OR b", "-x", '"', "", "   ", "()", "^x"]) {
      for (const where of ["named", "tagged"] as const) {
        await expect(lookup({ mentions: one(text, where), scopes: [fx.project], limit: 5 })).resolves.toBeDefined();
      }
    }
    expect(
      mentionExpression([
        { text: "", where: "named" },
        { text: "**", where: "tagged" },
      ]),
    ).toBeUndefined();
    expect(
      mentionExpression([
        { text: 'a"b', where: "named" },
        { text: "c", where: "tagged" },
      ]),
    ).toBe('"a""b" OR {tags} : "c"');
    const found = await lookup({ mentions: one('"npm test"'), scopes: [fx.project], limit: 5 });
    expect(found.map((e) => e.title)).toEqual(["Quoted"]);
  });

  it("asks for at most its limit, and reads nothing from a store that does not exist", async () => {
    fx = memoryFixture();
    const lookup = createMentionLookup(fx.database, () => fx.now.value);
    expect(await lookup({ mentions: one("x.ts"), scopes: [fx.project], limit: 5 })).toEqual([]);
    expect(fx.database.exists()).toBe(false);
    for (let i = 0; i < 5; i++) await save(`N${i}`, "see x.ts");
    expect(await lookup({ mentions: one("x.ts"), scopes: [fx.project], limit: 2 })).toHaveLength(2);
  });
});
