/**
 * The memory status beside the prompt, in a session and on the home screen. Rendering reads only the status cache (it
 * never waits on the disk) and asks for a load when the cache holds another session's figures.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { Accessor } from "solid-js";
import { type StatusCache, type StatusFigures, statusText, withMark } from "./status.js";

export interface StatusSlotsDeps {
  status: StatusCache;
  figures: Accessor<StatusFigures | undefined>;
  /** The options' mark (lazy-services.ts), shown in front of the status. */
  optionMark: Accessor<string | undefined>;
  /** What each session's last compaction came to, by session. */
  compactions: Accessor<Readonly<Record<string, string>>>;
  /** Reads a session's last compaction figures back, once per session (compaction-figures.ts). */
  restoreCompaction: (sessionID: string) => void;
}

/** Registers the two slots: the session view's status and the home screen's. */
export function registerStatusSlots(api: TuiPluginApi, d: StatusSlotsDeps): void {
  const { status, figures, optionMark, compactions } = d;
  api.slots.register({
    order: 800,
    slots: {
      session_prompt_right(_ctx, props) {
        return (
          <text fg={api.theme.current.textMuted}>
            {() => {
              status.ensure(props.session_id);
              d.restoreCompaction(props.session_id);
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
}
