/**
 * The TUI's commands in OpenCode's keymap: `/memory`, `/memory-continue`, `/memory-cleanup` and `/memory-injection`
 * in the palette (and as slash commands), and a reader of those typed with arguments in the prompt.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { tuiBoundary } from "./boundary.js";
import { serverSlashNames } from "./server-commands.js";
import { parseCleanupArgs, parseContinueArgs, parseInjectionArgs, parseSlashInput } from "./slash-input.js";
import {
  type CommandContext,
  continueFrom,
  openCleanup,
  openContinuePicker,
  openReview,
  setInjection,
} from "./tui-commands.js";

/** Our typed-command reader runs before the prompt's own Enter. */
const SLASH_PRIORITY = 100;

/** The server configuration the TUI has; empty when it cannot be read yet (then the TUI lists all its commands). */
function readConfig(api: TuiPluginApi): { plugin?: unknown; command?: unknown } {
  try {
    return api.state.config ?? {};
  } catch {
    return {};
  }
}

/** Registers the commands and the typed-command reader; each runs its handler (tui-commands.tsx) in `tuiBoundary`. */
export function registerCommands(c: CommandContext): void {
  const api = c.api;
  const ui = api.ui;
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
}
