import { describe, expect, it } from "vitest";
import { MAP_START } from "../../src/compaction/session-map/render-map.js";
import {
  createLastMaps,
  lastMapOf,
  mapLabel,
  mapPreview,
  PREVIEW_CHARS,
  PREVIEW_LINES,
} from "../../src/tui/last-map.js";

const MAP = [
  `${MAP_START} ses_x, built from its messages: the earlier turns are in the transcript, not summarised.`,
  "Transcript: /t/ses_x.md (lines 1-90).",
  'Task (line 9): "Fix the build."',
  "Todo list (todowrite at line 40): 1 done, 2 in progress, 1 pending",
  "- [in progress] a",
].join("\n");

const summary = (text: string) => ({ info: { role: "assistant", summary: true }, parts: [{ type: "text", text }] });
const user = (text: string) => ({ info: { role: "user" }, parts: [{ type: "text", text }] });

describe("last session map in the TUI", () => {
  it("is the newest summary when it is a map of ours", () => {
    expect(lastMapOf([user("a"), summary(`${MAP_START} old`), user("b"), summary(MAP)])).toBe(MAP);
    expect(lastMapOf([user("a")])).toBeUndefined();
  });

  it("is none when the newest summary is OpenCode's own, or a user message only looks like a map", () => {
    expect(lastMapOf([summary(MAP), summary("STUB-MODEL-SUMMARY: a model wrote this")])).toBeUndefined();
    expect(lastMapOf([user(MAP)])).toBeUndefined();
  });

  it("sums the map up for the status line: its size and the open todos", () => {
    expect(mapLabel(MAP)).toMatch(/^map \d+ tokens, 3 todos open$/);
    expect(mapLabel(MAP.split("\n").slice(0, 3).join("\n"))).toMatch(/^map \d+ tokens$/);
  });

  it("previews a bounded number of lines, each cut, and says what is left out", () => {
    const long = [MAP, ...Array.from({ length: 50 }, (_, i) => `- line ${i}: "${"x".repeat(500)}"`)].join("\n");
    const preview = mapPreview(long);
    expect(preview).toHaveLength(PREVIEW_LINES + 1);
    for (const line of preview) expect(line.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(preview.at(-1)).toBe("… 41 more lines (the whole map is the session's compaction summary)");
    expect(mapPreview(MAP)).toEqual(MAP.split("\n"));
  });
});

describe("last maps cache", () => {
  it("reads a session once, and again after a compaction", async () => {
    const reads: string[] = [];
    let messages = [summary(MAP)];
    const maps = createLastMaps(async (sessionID) => {
      reads.push(sessionID);
      return messages;
    });
    expect(await maps.get("ses_a")).toBe(MAP);
    expect(await maps.get("ses_a")).toBe(MAP);
    expect(reads).toEqual(["ses_a"]);
    messages = [summary(MAP), summary(`${MAP_START} newer`)];
    expect(await maps.refresh("ses_a")).toBe(`${MAP_START} newer`);
    expect(await maps.get("ses_a")).toBe(`${MAP_START} newer`);
    expect(reads).toEqual(["ses_a", "ses_a"]);
  });

  it("a failed read is the caller's to report, and is tried again next time", async () => {
    let fail = true;
    const maps = createLastMaps(async () => {
      if (fail) throw new Error("server gone");
      return [summary(MAP)];
    });
    await expect(maps.get("ses_b")).rejects.toThrow("server gone");
    fail = false;
    expect(await maps.get("ses_b")).toBe(MAP);
  });
});
