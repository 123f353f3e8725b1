/**
 * The TUI's error boundary: nothing a handler throws may reach the host (an uncaught error in a TUI plugin can take
 * the interface down). Every failure becomes an error toast with the message.
 */
import { describeError } from "../errors.js";

export interface Toaster {
  toast(input: {
    variant?: "info" | "success" | "warning" | "error";
    title?: string;
    message: string;
    duration?: number;
  }): void;
}

export const TOAST_TITLE = "opencode-ledger";

/** Shows `error` as an error toast; a toast that itself fails is dropped (there is nowhere left to report to). */
export function reportError(ui: Toaster, what: string, error: unknown): void {
  try {
    ui.toast({ variant: "error", title: `${TOAST_TITLE}: ${what}`, message: describeError(error), duration: 8_000 });
  } catch {
    // The renderer is gone (shutdown); nothing can be shown.
  }
}

/** Runs `fn` now, catching sync throws and async rejections into a toast. Never throws, never returns a rejection. */
export function tuiBoundary(ui: Toaster, what: string, fn: () => unknown): void {
  try {
    const result = fn();
    if (result instanceof Promise) result.catch((error: unknown) => reportError(ui, what, error));
  } catch (error) {
    reportError(ui, what, error);
  }
}
