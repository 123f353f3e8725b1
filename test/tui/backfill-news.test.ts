import { describe, expect, it } from "vitest";
import type { BackfillProgress } from "../../src/transcripts/backfill/backfill-progress.js";
import { type BackfillNews, backfillNews } from "../../src/tui/backfill-news.js";

const SINCE = 1_000_000;
const progress = (more: Partial<BackfillProgress>): BackfillProgress => ({
  pid: 1,
  startedAt: SINCE + 10,
  updatedAt: SINCE + 20,
  total: 312,
  done: 0,
  exported: 0,
  current: 0,
  skipped: 0,
  lines: 0,
  bytes: 0,
  ...more,
});

describe("the backfill's news in the TUI", () => {
  it("tells a run's start once it exports, and its end once, with the count made searchable", () => {
    let told: BackfillNews = {};
    const seen: string[] = [];
    const step = (p: BackfillProgress, running: boolean) => {
      const news = backfillNews(told, p, running, SINCE);
      told = news.told;
      if (news.toast) seen.push(news.toast.message);
    };
    step(progress({ done: 3, current: 3 }), true);
    step(progress({ done: 10, exported: 7, current: 3 }), true);
    step(progress({ done: 50, exported: 47, current: 3 }), true);
    step(progress({ done: 312, exported: 309, current: 3, finishedAt: SINCE + 99 }), false);
    step(progress({ done: 312, exported: 309, current: 3, finishedAt: SINCE + 99 }), false);
    expect(seen).toEqual([
      "backfill: making 312 past sessions searchable; the status line shows how far it is",
      "309 past sessions are now searchable",
    ]);
  });

  it("says nothing of a run that found all current, or that ended before the TUI started", () => {
    expect(backfillNews({}, progress({ done: 312, current: 312, finishedAt: SINCE + 5 }), false, SINCE).toast).toBe(
      undefined,
    );
    const old = progress({ startedAt: 10, exported: 5, done: 5, finishedAt: SINCE - 1 });
    expect(backfillNews({}, old, false, SINCE).toast).toBeUndefined();
    expect(backfillNews({}, undefined, false, SINCE).toast).toBeUndefined();
  });

  it("tells the end of a short run seen only when it was over", () => {
    const done = progress({ done: 1, exported: 1, finishedAt: SINCE + 50 });
    expect(backfillNews({}, done, false, SINCE).toast?.message).toBe("1 past session is now searchable");
  });
});
