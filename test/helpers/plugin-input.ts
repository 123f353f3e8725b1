import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";

/** What OpenCode 1.x hands `server()` for a project in `dir`, with a server that is never reached. */
export function offlineInput(dir: string): PluginInput {
  return {
    client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }),
    directory: dir,
    worktree: dir,
  } as unknown as PluginInput;
}
