/**
 * The TUI's watch on backfills: every two seconds, once the services are built, it reads the backfill's progress file
 * and turns it into the status line's figures and a toast at a run's start and end (backfill-news.ts).
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { type BackfillNews, backfillNews } from "./backfill-news.js";
import { TOAST_TITLE, tuiBoundary } from "./boundary.js";
import type { StatusCache } from "./status.js";
import type { TuiServices } from "./tui-services.js";

export interface BackfillWatchDeps {
  ui: TuiPluginApi["ui"];
  /** The services' build, if one was asked for: the watch never builds them itself. */
  built: () => Promise<TuiServices> | undefined;
  services: () => Promise<TuiServices>;
  status: StatusCache;
}

/** Starts the watch; returns what stops it. */
export function watchBackfill({ ui, built, services, status }: BackfillWatchDeps): () => void {
  // A backfill (here or in another OpenCode process) is seen from its progress file within two seconds of its start,
  // without waiting for a prompt: the status line follows it, and a toast tells its start and its end.
  const startedAt = Date.now();
  let told: BackfillNews = {};
  const backfillTick = setInterval(() => {
    if (!built()) return;
    tuiBoundary(ui, "backfill", async () => {
      const s = await services();
      const { isRunning, readProgress } = await import("../transcripts/backfill/backfill-progress.js");
      const progress = readProgress(s.data.options.dataDir);
      const running = isRunning(progress);
      if (running || status.current()?.backfill) status.refresh();
      const news = backfillNews(told, progress, running, startedAt);
      told = news.told;
      if (news.toast) ui.toast({ ...news.toast, title: TOAST_TITLE, duration: 8_000 });
    });
  }, 2_000);
  backfillTick.unref?.();
  return () => clearInterval(backfillTick);
}
