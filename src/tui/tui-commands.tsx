/**
 * What the four slash commands do in the TUI. Each handler may throw: the caller runs it through `tuiBoundary`, which
 * turns any failure into an error toast.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { InvalidInputError } from "../errors.js";
import { plural } from "../human-units.js";
import { applyCleanup, planCleanup } from "./cleanup.js";
import { pickerOptions } from "./continue-picker.js";
import { type ContinueDeps, continueSession } from "./continue-session.js";
import { followTerminalWidth } from "./dialog-width.js";
import { ReviewDialog } from "./review-dialog.js";
import { dialogSize } from "./review-layout.js";
import type { InjectionChoice } from "./slash-input.js";
import type { TuiServices } from "./tui-services.js";

/** Sessions offered by the `/memory-continue` picker. */
export const PICKER_SESSIONS = 30;

export interface CommandContext {
  api: TuiPluginApi;
  /** Built on first use (its option parsing loads zod, kept off the TUI's start). */
  services: () => Promise<TuiServices>;
  /** The session the TUI shows, if any. */
  currentSession: () => string | undefined;
  continueDeps: () => Promise<ContinueDeps>;
  /** The last session map of a session, if it was compacted by the plugin. */
  lastMap: (sessionID: string) => Promise<string | undefined>;
  /** Something changed in the store: reload the status. */
  changed: (sessionID?: string) => void;
  report: (what: string, error: unknown) => void;
  toast: (variant: "info" | "success" | "warning", message: string) => void;
}

export async function openReview(c: CommandContext): Promise<void> {
  const s = await c.services();
  const session = c.currentSession();
  // The dialog opens without the map when the host cannot be read; the reason is reported.
  const map = session ? await c.lastMap(session).catch((error: unknown) => c.report("session map", error)) : undefined;
  c.api.ui.dialog.replace(() => (
    <ReviewDialog
      api={c.api}
      memory={s.memory}
      project={s.project}
      session={session}
      map={map ?? undefined}
      onChanged={() => c.changed()}
      onError={c.report}
    />
  ));
  c.api.ui.dialog.setSize(dialogSize(c.api.renderer.terminalWidth));
}

export async function continueFrom(c: CommandContext, target: string): Promise<void> {
  const result = await continueSession(await c.continueDeps(), target, c.currentSession());
  if (result.created) c.api.route.navigate("session", { sessionID: result.sessionID });
  c.toast(
    "success",
    `pointer to ${target} (${plural(result.lines, "line", "lines")}) added to ${result.created ? "a new session" : "this session"}; no model turn`,
  );
  c.changed(result.sessionID);
}

/** The picker over this project's recent sessions (the current one left out), with their transcript length. */
export async function openContinuePicker(c: CommandContext): Promise<void> {
  const s = await c.services();
  const current = c.currentSession();
  const listed = await c.api.client.session.list({ roots: true, limit: PICKER_SESSIONS + 1 });
  if (listed.error !== undefined)
    throw new Error(`OpenCode did not list the sessions: ${JSON.stringify(listed.error)}`);
  const lines = new Map((await s.transcripts.list([s.project])).map((row) => [row.sessionId, row.lines]));
  const options = pickerOptions(listed.data ?? [], lines, current, s.data.clock(), PICKER_SESSIONS);
  if (options.length === 0) {
    c.toast("info", "no other session of this project to continue from");
    return;
  }
  c.api.ui.dialog.replace(() => {
    followTerminalWidth(c.api);
    return (
      <c.api.ui.DialogSelect
        title="Continue from which session? (no model turn)"
        options={options}
        onSelect={(option) => {
          c.api.ui.dialog.clear();
          continueFrom(c, String(option.value)).catch((error: unknown) => c.report("/memory-continue", error));
        }}
      />
    );
  });
  // The ids, dates and lengths need the room a wide terminal has.
  c.api.ui.dialog.setSize(dialogSize(c.api.renderer.terminalWidth));
}

/** The dry run in a confirmation dialog; confirming removes exactly what it listed. */
export async function openCleanup(c: CommandContext): Promise<void> {
  const s = await c.services();
  const retention = s.options.retention;
  const plan = await planCleanup(s.transcripts, retention, s.project, s.data.clock());
  if (plan.sessionIDs.length === 0) {
    c.api.ui.dialog.replace(() => (
      <c.api.ui.DialogAlert
        title="Transcript cleanup (dry run)"
        message={plan.message}
        onConfirm={() => c.api.ui.dialog.clear()}
      />
    ));
    return;
  }
  c.api.ui.dialog.replace(() => (
    <c.api.ui.DialogConfirm
      title="Transcript cleanup (dry run): remove these?"
      message={plan.message}
      onConfirm={() => {
        c.api.ui.dialog.clear();
        // The outcome in a dialog, not a toast: a person asked for it, and a dialog is always drawn.
        applyCleanup(s.transcripts, plan, retention, s.project).then(
          ({ message }) => {
            c.api.ui.dialog.replace(() => (
              <c.api.ui.DialogAlert
                title="Transcript cleanup"
                message={message}
                onConfirm={() => c.api.ui.dialog.clear()}
              />
            ));
            c.changed();
          },
          (error: unknown) => c.report("/memory-cleanup", error),
        );
      }}
      onCancel={() => {
        c.api.ui.dialog.clear();
        c.toast("info", "cleanup cancelled: nothing was removed");
      }}
    />
  ));
  c.api.ui.dialog.setSize("large");
}

export async function setInjection(c: CommandContext, choice: InjectionChoice): Promise<void> {
  const sessionID = c.currentSession();
  if (!sessionID) {
    throw new InvalidInputError("/memory-injection", "open a session first: the switch holds for one session");
  }
  const { settings } = await c.services();
  const off = choice === "toggle" ? !(await settings.get(sessionID)).injectionOff : choice === "off";
  await settings.setInjectionOff(sessionID, off);
  c.toast(
    "success",
    off
      ? "memory injection is off for this session: no memory block is added to its requests"
      : "memory injection is on for this session",
  );
  c.changed(sessionID);
}
