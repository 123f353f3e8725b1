import { describe, expect, it } from "vitest";
import { pickerOptions, TITLE_COLUMNS } from "../../src/tui/continue-picker.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 10, 12);
const session = (id: string, daysAgo: number, title = `Session ${id}`) => ({
  id,
  title,
  time: { created: NOW - 100 * DAY, updated: NOW - daysAgo * DAY },
});

describe("the /memory-continue picker", () => {
  it("lists the session used last first, with its date, age and transcript length, the current one left out", () => {
    const sessions = [session("ses_a", 9), session("ses_b", 2), session("ses_c", 3), session("ses_now", 0)];
    const options = pickerOptions(sessions, new Map([["ses_c", 340]]), "ses_now", NOW, 30);
    expect(options.map((o) => o.value)).toEqual(["ses_b", "ses_c", "ses_a"]);
    expect(options[0]?.title).toBe("ses_b · Session ses_b");
    expect(options[0]?.description).toBe("2026-06-08 12:00 (2 d ago) · no transcript");
    expect(options[1]?.description).toBe("2026-06-07 12:00 (3 d ago) · 340 lines");
  });

  it("keeps at most the limit; a row's id whole, its title cut where OpenCode cuts it, its description within the room left", () => {
    const id = "ses_db580058fffe2bWzcUV6JeNC2T";
    const many = Array.from({ length: 40 }, (_, i) =>
      session(`${id}${i}`, i / 24 / 60 + 59 / 24 / 60, "t".repeat(150)),
    );
    const options = pickerOptions(many, new Map([[`${id}0`, 123_456]]), undefined, NOW, 30);
    expect(options).toHaveLength(30);
    for (const option of options) {
      expect(option.title.startsWith(`${option.value} · ttt`)).toBe(true);
      expect(option.title.length).toBeLessThanOrEqual(TITLE_COLUMNS);
      // 46 columns are what the extra-large dialog leaves a description beside a 61-column title.
      expect(option.description.length).toBeLessThanOrEqual(46);
    }
    expect(options.find((o) => o.value === `${id}0`)?.description).toBe(
      "2026-06-10 11:01 (59 min ago) · 123,456 lines",
    );
  });
});
