/**
 * A memory_session_search call (../memory-session-search.ts): the search service's answer, in the session's project
 * unless all is set.
 */

import { InvalidInputError } from "../../errors.js";
import { projectScope } from "../../scope.js";
import { inOrder, RANGE_MESSAGE } from "../../search/limits.js";
import { checkSessionId } from "../../session-id.js";
import type { CallOf } from "../lazy-tool.js";
import type { SessionSearchDeps, sessionSearchTool } from "../memory-session-search.js";

export function sessionSearch({ search }: SessionSearchDeps): CallOf<typeof sessionSearchTool> {
  return async (args, context) => {
    if (args.sessionID !== undefined) checkSessionId(args.sessionID);
    // The one check that takes two arguments, so it is not either argument's schema.
    if (!inOrder(args.since, args.until)) throw new InvalidInputError("until", RANGE_MESSAGE);
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
