/**
 * Arguments shared by the reading tools (search, list): scope, status, kind, trash, paging.
 */

import { MAX_ENTRIES } from "../bounded-output.js";
import type { ListQuery, StatusFilter } from "../store/memory-types.js";
import { z } from "../zod.js";
import { READ_SCOPE_DESCRIPTION, readScopes } from "./tool-scope.js";

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

export interface ReadArgs {
  scope?: string;
  status?: StatusFilter;
  kind?: string;
  trashed?: boolean;
  limit?: number;
  offset?: number;
}

export function listQuery(args: ReadArgs, project: string, defaultLimit: number): ListQuery {
  return {
    scopes: readScopes(args.scope, project),
    status: args.status,
    kind: args.kind,
    trashed: args.trashed,
    limit: Math.min(args.limit ?? defaultLimit, MAX_ENTRIES),
    offset: args.offset ?? 0,
  };
}

/** What a list or search covered, for its header: "active or candidate entries", "rejected entry in the trash". */
export function filterLabel(args: ReadArgs, n: number): string {
  const status =
    args.status === "all" || (args.status === undefined && args.trashed) ? "" : (args.status ?? "active or candidate");
  const kind = args.kind ? ` ${args.kind.trim().toLowerCase()}` : "";
  const noun = n === 1 ? "entry" : "entries";
  return `${`${status}${kind}`.trim()} ${noun}${args.trashed ? " in the trash" : ""}`.trim();
}
