/**
 * A memory_session_search call (../memory-session-search.ts): the search service's answer, in the session's project
 * unless all is set.
 */

import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import type { CallOf } from "../lazy-tool.js";
import type { SessionSearchDeps, sessionSearchTool } from "../memory-session-search.js";

export function sessionSearch({ search }: SessionSearchDeps): CallOf<typeof sessionSearchTool> {
  return async (args, context) => {
    if (args.sessionID !== undefined) checkSessionId(args.sessionID);
    const outcome = await search({
      ...args,
      mode: args.mode ?? (args.regex ? "regex" : "ranked"),
      scope: projectScope(context.worktree, context.directory),
      signal: context.abort,
      asking: { sessionID: context.sessionID, messageID: context.messageID },
    });
    return outcome.text;
  };
}
