/**
 * The TUI part: a load toast, `/memory` (figures and review), `/memory-continue`, `/memory-cleanup` and
 * `/memory-injection`, a status beside the prompt, and a toast after each compaction. Nothing here may throw into
 * the host: every handler runs through `tuiBoundary`, and the store is opened only when something reads it.
 */
import type { TuiPlugin, TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { Part } from "@opencode-ai/sdk/v2";
import { createSignal } from "solid-js";
import type { Logger } from "../log.js";
import { watchBackfill } from "./backfill-watch.js";
import { reportError, TOAST_TITLE, tuiBoundary } from "./boundary.js";
import { registerCommands } from "./command-keymap.js";
import { createCompactionFigures } from "./compaction-figures.js";
import type { ContinueDeps } from "./continue-session.js";
import { hostContinueCalls } from "./host-calls.js";
import { createLastMaps, MAP_LOOKBACK } from "./last-map.js";
import { createLazyServices } from "./lazy-services.js";
import { createStatusCache, type StatusFigures } from "./status.js";
import { registerStatusSlots } from "./status-slots.js";
import type { CommandContext } from "./tui-commands.js";

const LOADED = Symbol.for("opencode-ledger.tui.loaded");

function tuiLogger(api: TuiPluginApi): Logger {
  return {
    log(level, message, extra) {
      api.client.app.log({ service: TOAST_TITLE, level, message, extra }).catch(() => {
        // The server is gone; there is nowhere left to report to.
      });
    },
  };
}

function currentSession(api: TuiPluginApi): string | undefined {
  const route = api.route.current;
  if (route.name !== "session") return undefined;
  const id = route.params?.sessionID;
  return typeof id === "string" ? id : undefined;
}

export const tui: TuiPlugin = async (api, options) => {
  const ui = api.ui;
  const log = tuiLogger(api);
  const report = (what: string, error: unknown) => reportError(ui, what, error);
  const toast = (variant: "info" | "success" | "warning", message: string) =>
    ui.toast({ variant, title: TOAST_TITLE, message, duration: 6_000 });

  const { services, built, optionMark } = createLazyServices(api, options, log);

  const status = createStatusCache(
    async (sessionID) => {
      const s = await services();
      const { loadStatus } = await import("./status-load.js");
      return loadStatus({ ...s, database: s.data.database, actionRecall: s.options.actionRecall.enabled }, sessionID);
    },
    (error) => report("status", error),
  );
  const [figures, setFigures] = createSignal<StatusFigures | undefined>();
  status.onChange(setFigures);
  // What each session's last compaction came to, also shown in the status: OpenCode 1.18.33 often does not draw a
  // toast raised right after a compaction (seen live), so the status carries the same news.
  const [compactions, setCompactions] = createSignal<Readonly<Record<string, string>>>({});

  // The same pointer as the server's /memory-continue and compaction: the transcript brought up to date, then the
  // pointer with the memory inventory line.
  const continueDeps = async (): Promise<ContinueDeps> => {
    const s = await services();
    const { createProjectPointer } = await import("../compaction/session-pointer.js");
    return {
      ...hostContinueCalls(api.client),
      sessionPointer: createProjectPointer({
        transcripts: s.transcripts,
        memory: s.memory,
        scope: s.project,
        mapMaxTokens: s.options.compaction.mapMaxTokens,
        log,
      }),
    };
  };

  // The last session map of each session, for the status line and the /memory dialog.
  const lastMaps = createLastMaps(async (sessionID) => {
    const recent = await api.client.session.messages({ sessionID, limit: MAP_LOOKBACK });
    return recent.data ?? [];
  });

  const c: CommandContext = {
    api,
    services,
    lastMap: (sessionID) => lastMaps.get(sessionID),
    currentSession: () => currentSession(api),
    continueDeps,
    changed: (sessionID) => status.refresh(sessionID),
    report,
    toast,
  };

  const flags = globalThis as { [LOADED]?: boolean };
  if (!flags[LOADED]) {
    flags[LOADED] = true;
    toast("info", "memory loaded: /memory · /memory-continue · /memory-cleanup · /memory-injection");
  }

  registerCommands(c);

  // Set once the compaction helpers below exist; the slots may render before that.
  let restoreCompaction: (sessionID: string) => void = () => {};
  registerStatusSlots(api, {
    status,
    figures,
    optionMark,
    compactions,
    restoreCompaction: (sessionID) => restoreCompaction(sessionID),
  });

  const compaction = createCompactionFigures({
    api,
    services,
    lastMaps,
    status,
    compactions,
    setCompactions,
    currentSession: c.currentSession,
    log,
    report,
  });
  restoreCompaction = compaction.restoreCompaction;

  const isMemoryTool = (part: Part) =>
    part.type === "tool" && part.tool.startsWith("memory_") && part.state.status === "completed";

  const offs = [
    api.event.on("session.compacted", (event) =>
      tuiBoundary(ui, "compaction", () => compaction.onCompacted(event.properties.sessionID)),
    ),
    api.event.on("session.idle", () => status.refresh()),
    api.event.on("message.part.updated", (event) => {
      if (isMemoryTool(event.properties.part)) status.refresh();
    }),
  ];
  const stopBackfillWatch = watchBackfill({ ui, built, services, status });
  api.lifecycle.onDispose(() => {
    stopBackfillWatch();
    for (const off of offs) off();
    built()
      ?.then((s) => s.data.database.close())
      .catch(() => {});
  });
};
