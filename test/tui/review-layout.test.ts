import { describe, expect, it } from "vitest";
import { dialogRoom, dialogSize, fitLine, fitReview, windowStart } from "../../src/tui/review-layout.js";

const many = { figures: 2, recent: 5, team: 5, teamProblems: 0, candidates: 8, map: 6, said: false };
/** Lines the dialog's body takes for a fit, as review-dialog.tsx draws it (header included). */
const drawn = (fit: ReturnType<typeof fitReview>, c: typeof many) =>
  1 +
  c.figures +
  (fit.recent < 0 ? 0 : 2 + Math.max(1, fit.recent)) +
  (fit.team < 0 ? 0 : 2 + Math.max(1, fit.team + fit.teamProblems)) +
  2 +
  fit.candidates +
  (c.candidates > 0 ? 1 : 0) +
  (fit.map > 0 ? 2 + fit.map : 0) +
  2 +
  (c.said ? 1 : 0);

describe("the /memory dialog's layout", () => {
  it("at 80x24 keeps the key line on screen: the candidates get the rows, the other sections give way", () => {
    const room = dialogRoom(24, 80);
    expect(room).toEqual({ lines: 16, width: 74 });
    const fit = fitReview(room.lines, many);
    expect(fit.candidates).toBe(8);
    expect(fit.recent).toBe(-1);
    expect(fit.team).toBe(-1);
    expect(fit.cut).toEqual(["recent", "team", "map"]);
    expect(drawn(fit, many)).toBeLessThanOrEqual(room.lines);
  });

  it("never draws more lines than the room, for every terminal from 80x24 to 250x80", () => {
    for (let rows = 24; rows <= 80; rows += 1) {
      for (const columns of [80, 100, 119, 120, 200, 250]) {
        const room = dialogRoom(rows, columns);
        expect(room.width).toBeLessThanOrEqual(columns - 6);
        for (const said of [false, true]) {
          const content = { ...many, said };
          const fit = fitReview(room.lines, content);
          expect(drawn(fit, content), `${columns}x${rows}`).toBeLessThanOrEqual(room.lines);
          expect(fit.candidates).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it("shows everything when the terminal is tall enough, and nothing is named as cut", () => {
    const fit = fitReview(dialogRoom(60, 160).lines, many);
    expect(fit).toEqual({ recent: 5, team: 5, teamProblems: 0, candidates: 8, map: 6, cut: [] });
  });

  it("at 100x32 cuts the candidates before leaving out the key line", () => {
    const room = dialogRoom(32, 100);
    expect(room.lines).toBe(22);
    const fit = fitReview(room.lines, many);
    expect(drawn(fit, many)).toBeLessThanOrEqual(22);
    expect(fit.recent).toBeGreaterThan(0);
  });

  it("on a terminal shorter than its fixed lines still shows one candidate", () => {
    const fit = fitReview(dialogRoom(10, 80).lines, many);
    expect(fit.candidates).toBe(1);
    expect(fit.cut).toContain("candidates");
  });

  it("uses the width a wide terminal has, and never more than it", () => {
    expect(dialogSize(80)).toBe("large");
    expect(dialogSize(200)).toBe("xlarge");
    expect(dialogRoom(24, 200).width).toBe(112);
    expect(dialogRoom(24, 80).width).toBe(74);
  });

  it("keeps the cursor inside the candidates' window", () => {
    expect(windowStart(0, 3, 8)).toBe(0);
    expect(windowStart(7, 3, 8)).toBe(5);
    expect(windowStart(4, 3, 8)).toBe(3);
    expect(windowStart(5, 8, 8)).toBe(0);
    for (let cursor = 0; cursor < 8; cursor += 1) {
      const start = windowStart(cursor, 3, 8);
      expect(cursor).toBeGreaterThanOrEqual(start);
      expect(cursor).toBeLessThan(start + 3);
    }
  });

  it("cuts a long line to the width with an ellipsis", () => {
    expect(fitLine("short", 10)).toBe("short");
    expect(fitLine("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
    expect(fitLine(`${"x".repeat(8)}…${"y".repeat(5)}`, 10)).toBe(`${"x".repeat(8)}…`);
  });
});
