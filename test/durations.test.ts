/**
 * Days and the clock slack are declared once (src/durations.ts); the trash purge, an import and a team line count by
 * them: the edges fall exactly where the constants put them.
 */
import { describe, expect, it } from "vitest";
import { CLOCK_SLACK_MS, DAY_MS } from "../src/durations.js";
import { cleanTransferEntry } from "../src/store/memory-transfer.js";
import { formatLine } from "../src/team/team-entry.js";
import { readTeamText } from "../src/team/team-read.js";
import { memoryFixture, T0, transferEntry } from "./helpers/memory.js";

describe("durations declared once", () => {
  it("purges trash exactly trashDays * DAY_MS after it was trashed, not a millisecond before", async () => {
    const f = memoryFixture({ retention: { trashDays: 2 } });
    const { entry } = await f.memory.save({ scope: f.project, kind: "fact", title: "T", body: "b" }, { kind: "cli" });
    await f.memory.trash(entry.id, { kind: "cli" });
    f.now.value = T0 + 2 * DAY_MS - 1;
    expect(await f.memory.purgeDueIfAny()).toEqual({ expired: 0, purged: 0 });
    f.now.value = T0 + 2 * DAY_MS;
    expect(await f.memory.purgeDueIfAny()).toEqual({ expired: 0, purged: 1 });
    f.close();
  });

  it("takes a time up to CLOCK_SLACK_MS ahead as past in an import and a team line, and refuses one beyond", () => {
    const now = T0;
    const ahead = (ms: number) => transferEntry({ createdAt: now + ms, updatedAt: now + ms });
    expect(cleanTransferEntry(ahead(CLOCK_SLACK_MS), now).createdAt).toBe(now + CLOCK_SLACK_MS);
    expect(() => cleanTransferEntry(ahead(CLOCK_SLACK_MS + 1), now)).toThrow(/in the future/);
    const line = (ms: number) => `${formatLine(ahead(ms))}\n`;
    expect(readTeamText(line(CLOCK_SLACK_MS), now).entries).toHaveLength(1);
    expect(readTeamText(line(CLOCK_SLACK_MS + 1), now).problems[0]?.message).toMatch(/in the future/);
  });
});
