/**
 * The TUI part: a load toast, `/memory` (figures and review), `/memory-continue`, `/memory-cleanup` and
 * `/memory-injection`, a status beside the prompt, and a toast after each compaction. Nothing here may throw into
 * the host: every handler runs through `tuiBoundary`, and the store is opened only when something reads it.
 */
import type { TuiPlugin, TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { Part } from "@opencode-ai/sdk/v2";
import { createSignal } from "solid-js";
import { InvalidOptionError } from "../errors.js";
import type { Logger } from "../log.js";
import { type BackfillNews, backfillNews } from "./backfill-news.js";
import { reportError, TOAST_TITLE, tuiBoundary } from "./boundary.js";
import { compactionNotice, latestSummary } from "./compaction-notice.js";
import type { ContinueDeps } from "./continue-session.js";
import { hostContinueCalls } from "./host-calls.js";
import { createLastMaps, MAP_LOOKBACK, mapLabel } from "./last-map.js";
import { optionProblemsMark, optionProblemsToast, REFUSED_MARK } from "./option-problems.js";
import { serverSlashNames } from "./server-commands.js";
import { parseCleanupArgs, parseContinueArgs, parseInjectionArgs, parseSlashInput } from "./slash-input.js";
import { createStatusCache, type StatusFigures, statusText, withMark } from "./status.js";
import {
  type CommandContext,
  continueFrom,
  openCleanup,
  openContinuePicker,
  openReview,
  setInjection,
} from "./tui-commands.js";
import type { PluginSpec } from "./tui-options.js";
import type { TuiServices } from "./tui-services.js";
import { createTuiSource } from "./tui-source.js";

const LOADED = Symbol.for("opencode-ledger.tui.loaded");
/** Our typed-command reader runs before the prompt's own Enter. */
const SLASH_PRIORITY = 100;

function tuiLogger(api: TuiPluginApi): Logger {
  return {
    log(level, message, extra) {
      api.client.app.log({ service: TOAST_TITLE, level, message, extra }).catch(() => {
        // The server is gone; there is nowhere left to report to.
      });
    },
  };
}

/** The server configuration the TUI has; empty when it cannot be read yet (then the TUI lists all its commands). */
function readConfig(api: TuiPluginApi): { plugin?: unknown; command?: unknown } {
  try {
    return api.state.config ?? {};
  } catch {
    return {};
  }
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

  // Options that did not validate, or a start they refused: shown on the status line until fixed.
  const [optionMark, setOptionMark] = createSignal<string | undefined>();
  let built: Promise<TuiServices> | undefined;
  const services = (): Promise<TuiServices> => {
    built ??= import("./tui-services.js").then(({ createTuiServices }) => {
      const path = api.state.path;
      const s = createTuiServices({
        tuiOptions: options,
        serverPlugins: api.state.config.plugin as readonly PluginSpec[] | undefined,
        worktree: path.worktree,
        directory: path.directory,
        source: createTuiSource(api.client, path.directory || undefined),
        log,
      });
      setOptionMark(optionProblemsMark(s.problems));
      if (s.problems.length > 0) {
        ui.toast({
          variant: "warning",
          title: TOAST_TITLE,
          message: optionProblemsToast(s.problems),
          duration: 15_000,
        });
      }
      return s;
    });
    // A failure (a bad dataDir) is reported by whoever asked; the next use tries again.
    built.catch((error: unknown) => {
      if (error instanceof InvalidOptionError) setOptionMark(REFUSED_MARK);
      built = undefined;
    });
    return built;
  };

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

  // Listed once: where the server part's command of the same name is there, ours is in the palette only.
  const taken = serverSlashNames(readConfig(api));
  const slash = (name: string) => (taken.has(name) ? {} : { slashName: name });
  api.keymap.registerLayer({
    commands: [
      {
        name: "ledger.memory",
        title: "Memory: figures and review",
        desc: "Memory figures, recent entries, candidates to approve or reject",
        slashName: "memory",
        category: "Memory",
        namespace: "palette",
        run: () => tuiBoundary(ui, "/memory", () => openReview(c)),
      },
      {
        name: "ledger.continue",
        title: "Memory: continue another session (no model turn)",
        desc: "Add another session's transcript pointer here, without a model turn",
        ...slash("memory-continue"),
        category: "Memory",
        namespace: "palette",
        run: () => tuiBoundary(ui, "/memory-continue", () => openContinuePicker(c)),
      },
      {
        name: "ledger.cleanup",
        title: "Memory: transcript cleanup",
        desc: "Transcript retention: dry run, then confirm",
        ...slash("memory-cleanup"),
        category: "Memory",
        namespace: "palette",
        run: () => tuiBoundary(ui, "/memory-cleanup", () => openCleanup(c)),
      },
      {
        name: "ledger.injection",
        title: "Memory: injection on/off for this session",
        desc: "Switch memory injection on or off for this session",
        slashName: "memory-injection",
        category: "Memory",
        namespace: "palette",
        run: () => tuiBoundary(ui, "/memory-injection", () => setInjection(c, "toggle")),
      },
    ],
  });

  // `/memory-continue <id>` and friends typed with arguments: read the prompt on Enter, before it is submitted.
  api.keymap.registerLayer({
    priority: SLASH_PRIORITY,
    bindings: [
      {
        key: "return",
        cmd: (ctx) => {
          // Only the prompt's own text, never an input inside a dialog.
          if (ui.dialog.open) return false;
          const focused = ctx.focused as { plainText?: unknown; setText?: (text: string) => void } | null;
          const input = typeof focused?.plainText === "string" ? parseSlashInput(focused.plainText) : undefined;
          if (!input || typeof focused?.setText !== "function") return false;
          try {
            focused.setText("");
          } catch {
            return false;
          }
          tuiBoundary(ui, `/${input.name}`, () => {
            if (input.name === "memory") return openReview(c);
            if (input.name === "memory-injection") return setInjection(c, parseInjectionArgs(input.args));
            if (input.name === "memory-cleanup") {
              parseCleanupArgs(input.args);
              return openCleanup(c);
            }
            const { sessionID } = parseContinueArgs(input.args);
            return sessionID ? continueFrom(c, sessionID) : openContinuePicker(c);
          });
          return true;
        },
      },
    ],
  });

  // Set once the compaction helpers below exist; the slots may render before that.
  let restoreCompaction: (sessionID: string) => void = () => {};
  api.slots.register({
    order: 800,
    slots: {
      session_prompt_right(_ctx, props) {
        return (
          <text fg={api.theme.current.textMuted}>
            {() => {
              status.ensure(props.session_id);
              restoreCompaction(props.session_id);
              return withMark(optionMark(), statusText(figures(), props.session_id, compactions()[props.session_id]));
            }}
          </text>
        );
      },
      home_prompt_right() {
        return (
          <text fg={api.theme.current.textMuted}>
            {() => {
              status.ensure(undefined);
              return withMark(optionMark(), statusText(figures()));
            }}
          </text>
        );
      },
    },
  });

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
  restoreCompaction = (sessionID: string) => {
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
    status.refresh(sessionID === currentSession(api) ? sessionID : undefined);
  };

  const isMemoryTool = (part: Part) =>
    part.type === "tool" && part.tool.startsWith("memory_") && part.state.status === "completed";

  const offs = [
    api.event.on("session.compacted", (event) =>
      tuiBoundary(ui, "compaction", () => onCompacted(event.properties.sessionID)),
    ),
    api.event.on("session.idle", () => status.refresh()),
    api.event.on("message.part.updated", (event) => {
      if (isMemoryTool(event.properties.part)) status.refresh();
    }),
  ];
  // A backfill (here or in another OpenCode process) is seen from its progress file within two seconds of its start,
  // without waiting for a prompt: the status line follows it, and a toast tells its start and its end.
  const startedAt = Date.now();
  let told: BackfillNews = {};
  const backfillTick = setInterval(() => {
    if (!built) return;
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
  api.lifecycle.onDispose(() => {
    clearInterval(backfillTick);
    for (const off of offs) off();
    built?.then((s) => s.data.database.close()).catch(() => {});
  });
};
