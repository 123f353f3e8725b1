import { describe, expect, it } from "vitest";
import { pickerOptions } from "../../src/tui/continue-picker.js";

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
    expect(options[0]?.description).toBe("2026-06-08 12:00 (2 d ago) · no transcript yet · ses_b");
    expect(options[1]?.description).toBe("2026-06-07 12:00 (3 d ago) · transcript 340 lines · ses_c");
  });

  it("keeps at most the limit and a long title whole up to 120 characters", () => {
    const many = Array.from({ length: 40 }, (_, i) => session(`ses_${i}`, i, "t".repeat(150)));
    const options = pickerOptions(many, new Map(), undefined, NOW, 30);
    expect(options).toHaveLength(30);
    expect(options[0]?.title.length).toBeLessThanOrEqual(120);
    expect(options[0]?.title.length).toBeGreaterThan(60);
  });
});
