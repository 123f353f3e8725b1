/**
 * memory_history: the audit trail of one entry (with the entry in full), or the recent changes in this project and
 * global. The call is ./run/memory-history.ts.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import { z } from "../zod.js";
import { limitArg } from "./read-args.js";
import { LIST_DEFAULT_LIMIT } from "./tool-defaults.js";

/** What the agent is told of memory_history, and its arguments. */
export const memoryHistoryTool = {
  description:
    "Show the audit trail of one memory entry (who changed what and when, with the entry in full), or without an id the recent changes in this project and global.",
  args: () => ({
    id: z.string().optional().describe("Id of the entry; leave out for the recent changes."),
    limit: limitArg(
      `Without an id: how many recent changes to show, 1-${MAX_ENTRIES} (default ${LIST_DEFAULT_LIMIT}).`,
    ),
  }),
};
