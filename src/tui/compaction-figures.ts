/**
 * What each session's last compaction came to (transcript lines, summary cost, the session map), for the status
 * beside the prompt and a toast: told when a compaction ends, read back from the session's messages after a restart.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { Accessor, Setter } from "solid-js";
import type { Logger } from "../log.js";
import { TOAST_TITLE, tuiBoundary } from "./boundary.js";
import { compactionNotice, latestSummary } from "./compaction-notice.js";
import { type LastMaps, mapLabel } from "./last-map.js";
import type { StatusCache } from "./status.js";
import type { TuiServices } from "./tui-services.js";

export interface CompactionFiguresDeps {
  api: TuiPluginApi;
  services: () => Promise<TuiServices>;
  lastMaps: LastMaps;
  status: StatusCache;
  /** The status label of each session's last compaction, by session. */
  compactions: Accessor<Readonly<Record<string, string>>>;
  setCompactions: Setter<Readonly<Record<string, string>>>;
  /** The session the TUI shows, if any. */
  currentSession: () => string | undefined;
  log: Logger;
  report: (what: string, error: unknown) => void;
}

export interface CompactionFigures {
  /** Reads a session's last compaction back from its messages, once per session; nothing when it never compacted. */
  restoreCompaction: (sessionID: string) => void;
  /** Tells what a compaction that just ended came to: the status label, a toast, a log line, the status reloaded. */
  onCompacted: (sessionID: string) => Promise<void>;
}

/** The compaction figures over `compactions`; the caller runs `onCompacted` in `tuiBoundary`. */
export function createCompactionFigures(d: CompactionFiguresDeps): CompactionFigures {
  const { api, services, lastMaps, status, compactions, setCompactions, log, report } = d;
  const ui = api.ui;

  /** What the last compaction of a session came to, from its summary message; undefined when it never compacted. */
  const compactionOf = async (sessionID: string, fresh: boolean) => {
    const s = await services();
    const { transcriptLinesOf } = await import("./status-load.js");
    const lines = await transcriptLinesOf(s.data.database, sessionID);
    let summary = latestSummary(api.state.session.messages(sessionID));
    if (!summary) {
      const recent = await api.client.session.messages({ sessionID, limit: 10 });
      summary = latestSummary((recent.data ?? []).map((m) => m.info));
    }
    if (!summary && !fresh) return undefined;
    return compactionNotice(lines, summary);
  };
  // After a restart the figures of a session's last compaction are read back from its messages, once per session.
  const restored = new Set<string>();
  const restoreCompaction = (sessionID: string) => {
    if (restored.has(sessionID) || compactions()[sessionID]) return;
    restored.add(sessionID);
    tuiBoundary(ui, "compaction figures", async () => {
      const notice = await compactionOf(sessionID, false);
      if (!notice || compactions()[sessionID]) return;
      const map = await lastMaps.get(sessionID).catch(() => undefined);
      const label = map ? `${notice.label} · ${mapLabel(map)}` : notice.label;
      setCompactions((all) => ({ ...all, [sessionID]: label }));
    });
  };

  const onCompacted = async (sessionID: string) => {
    restored.add(sessionID);
    const notice = (await compactionOf(sessionID, true)) as ReturnType<typeof compactionNotice>;
    log.log(notice.variant === "success" ? "info" : "warn", `compaction of ${sessionID}: ${notice.message}`);
    const map = await lastMaps.refresh(sessionID).catch((error: unknown) => report("session map", error));
    const label = map ? `${notice.label} · ${mapLabel(map)}` : notice.label;
    setCompactions((all) => ({ ...all, [sessionID]: label }));
    ui.toast({ variant: notice.variant, title: TOAST_TITLE, message: notice.message, duration: 8_000 });
    status.refresh(sessionID === d.currentSession() ? sessionID : undefined);
  };

  return { restoreCompaction, onCompacted };
}
