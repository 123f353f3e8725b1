/**
 * Arguments shared by the reading tools (search, list, stats): scope, status, kind, trash, paging.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import { z } from "../zod.js";
import { MAX_OFFSET } from "./tool-defaults.js";

/** The shared description of a read tool's `scope` argument. */
export const READ_SCOPE_DESCRIPTION = "project, team, global, all or a project path (default: the first three)";

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
      .describe("Default: active, candidate"),
    kind: z.string().optional().describe('e.g. "decision"'),
    trashed: z.boolean().optional().describe("In the trash"),
    limit: limitArg(`Default ${defaultLimit}`),
    offset: z.number().int().min(0).max(MAX_OFFSET).optional().describe("Entries to skip"),
  };
}
