/**
 * Title uniqueness in a scope compares titles after NFC and a Unicode case fold, not only ASCII: one entry per title
 * however it is cased or composed.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../src/store/memory-types.js";
import { titleKey } from "../../src/store/title-key.js";
import { memoryFixture } from "../helpers/memory.js";

const person: Actor = { kind: "person" };
const COMPOSED = "\u00c9lan vital";
const DECOMPOSED = "E\u0301lan vital";

describe("titles compared after NFC and case folding", () => {
  it("'Élan vital', its lower case, its upper case and its NFD form are one entry", async () => {
    const f = memoryFixture();
    const first = await f.memory.save({ scope: f.project, kind: "fact", title: COMPOSED, body: "one" }, person);
    expect(first.action).toBe("created");
    for (const [title, body] of [
      ["\u00e9lan vital", "two"],
      [DECOMPOSED, "three"],
      ["\u00c9LAN VITAL", "four"],
    ] as const) {
      const again = await f.memory.save({ scope: f.project, kind: "fact", title, body }, person);
      expect(again.action).toBe("updated");
      expect(again.entry.id).toBe(first.entry.id);
    }
    const page = await f.memory.list({ scopes: [f.project], limit: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]?.body).toBe("four");
    // Stored composed, whatever form it came in.
    expect(page.items[0]?.title).toBe("\u00c9LAN VITAL");
    // Control: another scope, and a different word, are other entries.
    expect((await f.memory.save({ scope: "global", kind: "fact", title: DECOMPOSED, body: "g" }, person)).action).toBe(
      "created",
    );
    expect(
      (await f.memory.save({ scope: f.project, kind: "fact", title: "Elan vital", body: "x" }, person)).action,
    ).toBe("created");
    f.close();
  });

  it("an edit onto a title held in another form, and a restore onto one, are refused", async () => {
    const f = memoryFixture();
    await f.memory.save({ scope: f.project, kind: "fact", title: "Stra\u00dfe", body: "held" }, person);
    const other = await f.memory.save({ scope: f.project, kind: "fact", title: "Road", body: "other" }, person);
    await expect(f.memory.edit(other.entry.id, { title: "STRASSE" }, person)).rejects.toThrow(
      /already holds the title "Straße"/,
    );
    const gone = await f.memory.save({ scope: f.project, kind: "fact", title: "Gr\u00fc\u00dfe", body: "a" }, person);
    await f.memory.trash(gone.entry.id, person);
    await f.memory.save({ scope: f.project, kind: "fact", title: "GRU\u0308SSE", body: "b" }, person);
    await expect(f.memory.restore(gone.entry.id, person)).rejects.toThrow(/now holds the title/);
    f.close();
  });

  it("a title outside ASCII meets its ASCII twin, whichever was saved first", async () => {
    const f = memoryFixture();
    for (const [stored, asked] of [
      ["STRASSE plan", "Stra\u00dfe plan"],
      ["\ufb01le layout", "FILE LAYOUT"],
      ["\u212aelvin scale", "kelvin scale"],
      ["Zone b", "zone B"],
    ] as const) {
      const first = await f.memory.save({ scope: f.project, kind: "fact", title: stored, body: "one" }, person);
      expect(first.action, stored).toBe("created");
      const again = await f.memory.save({ scope: f.project, kind: "fact", title: asked, body: "two" }, person);
      expect(again.action, asked).toBe("updated");
      expect(again.entry.id, asked).toBe(first.entry.id);
    }
    expect((await f.memory.list({ scopes: [f.project], limit: 10 })).total).toBe(4);
    f.close();
  });

  it("titleKey folds case beyond ASCII and composes", () => {
    expect(titleKey(DECOMPOSED)).toBe(titleKey("\u00c9LAN VITAL"));
    expect(titleKey("Stra\u00dfe")).toBe(titleKey("STRASSE"));
    expect(titleKey("\u03a3\u039f\u03a6\u0399\u0391")).toBe(titleKey("\u03c3\u03bf\u03c6\u03b9\u03b1"));
    expect(titleKey("Elan")).not.toBe(titleKey("\u00c9lan"));
  });
});
