/**
 * The two things `/memory-continue` asks of OpenCode through the TUI's (v2) client: a message stored without a model
 * turn (`noReply`), and a new session when the TUI is on its home screen.
 */
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { tagCommandParts } from "../compaction/session-map/command-tag.js";
import { HostError } from "../errors.js";
import type { ContinueDeps } from "./continue-session.js";

type Client = TuiPluginApi["client"];

function refused(what: string, error: unknown): HostError {
  const detail = typeof error === "object" && error !== null ? JSON.stringify(error).slice(0, 300) : String(error);
  return new HostError(`OpenCode refused ${what}: ${detail}`);
}

export function hostContinueCalls(client: Client): Pick<ContinueDeps, "inject" | "createSession"> {
  return {
    async inject(sessionID, text) {
      const parts = [{ type: "text" as const, text, metadata: {} }];
      // Not a request of the person's: the session map of this session leaves it out (tagged as the TUI's own
      // /memory-continue, which this is).
      tagCommandParts(parts, "memory-continue");
      const answer = await client.session.prompt({ sessionID, noReply: true, parts });
      if (answer.error !== undefined) throw refused(`the message for ${sessionID}`, answer.error);
    },
    async createSession() {
      const answer = await client.session.create({});
      if (answer.error !== undefined || !answer.data) throw refused("a new session", answer.error);
      return answer.data.id;
    },
  };
}
