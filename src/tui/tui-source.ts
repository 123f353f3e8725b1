/**
 * Sessions as the TUI reads them for an export: through the TUI's own (v2) client, from the server it runs.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { createSourceOver } from "../transcripts/source/host-source.js";
import type { SessionSource } from "../transcripts/source/session-source.js";

export function createTuiSource(client: TuiPluginApi["client"], directory?: string): SessionSource {
  return createSourceOver(
    {
      session: (sessionID, dir) => client.session.get({ sessionID, directory: dir }),
      messages: (sessionID, dir) => client.session.messages({ sessionID, directory: dir }),
    },
    directory,
  );
}
