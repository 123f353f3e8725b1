/**
 * What the reading tools' shared arguments (../read-args.ts) ask of the store, and how their results name it.
 */

import { MAX_ENTRIES } from "../../bounded-output.js";
import type { ListQuery, StatusFilter } from "../../store/memory-types.js";
import { readScopes } from "./tool-scope.js";

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
