/**
 * A dialog's size follows the terminal's width while it is open: OpenCode sizes a dialog once, when it is asked to,
 * so a dialog opened on a narrow terminal stayed narrow after the terminal grew (and cut the picker's ids), and one
 * opened wide stayed wide. Called inside the dialog's component; the listener goes when the dialog closes.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { onCleanup } from "solid-js";
import { dialogSize } from "./review-layout.js";

export function followTerminalWidth(api: TuiPluginApi): void {
  const renderer = api.renderer;
  const resized = () => api.ui.dialog.setSize(dialogSize(renderer.terminalWidth));
  renderer.on("resize", resized);
  onCleanup(() => renderer.off("resize", resized));
}
