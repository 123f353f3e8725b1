/**
 * Arguments shared by the reading tools (search, list, stats): scope, status, kind, trash, paging.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import { z } from "../zod.js";

/** The shared description of a read tool's `scope` argument. */
export const READ_SCOPE_DESCRIPTION =
  'Where to look: "project" (this project), "team" (this project\'s team memory, shared through its repository), "global", "all" (every project), or another project\'s absolute path. Default: this project, its team memory and global.';

/** An optional count of entries to show, 1 to `MAX_ENTRIES`. */
export function limitArg(description: string) {
  return z.number().int().min(1).max(MAX_ENTRIES).optional().describe(description);
}

export function readArgs(defaultLimit: number) {
  return {
    scope: z.string().optional().describe(READ_SCOPE_DESCRIPTION),
    status: z
      .enum(["candidate", "active", "superseded", "rejected", "all"])
      .optional()
      .describe('Only entries with this status; "all" for every status. Default: active and candidate entries.'),
    kind: z.string().optional().describe('Only entries of this kind, e.g. "decision" or "lesson".'),
    trashed: z.boolean().optional().describe("true: look in the trash instead (forgotten entries, restorable)."),
    limit: limitArg(`How many entries to show, 1-${MAX_ENTRIES} (default ${defaultLimit}).`),
    offset: z.number().int().min(0).optional().describe("Skip this many entries (to page through a long result)."),
  };
}
