/**
 * `forget`: moves entries to the trash, by id or by a query that must match every word. Trash is restorable until
 * the due purge removes it (`retention.trashDays`, 30 days by default).
 */
import { SCOPE_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "forget",
  description:
    "Moves entries to the trash: by id, or with --query every live entry of the scope that matches all the words (at most 20 at once, so one vague word cannot empty a project). Trashed entries are hidden from the agent and can be brought back with restore until the purge removes them.",
  positionals: [{ name: "id", description: "Entries to trash", variadic: true }],
  flags: {
    ...SCOPE_FLAG,
    query: { type: "string", value: "<words>", description: "Trash the entries matching every word, instead of ids" },
    reason: { type: "string", value: "<text>", description: "Why; kept in the audit log" },
  },
  examples: [
    'opencode-ledger forget k3v9q2m0x7ab --reason "moved to the wiki"',
    'opencode-ledger forget --query "old staging host"',
  ],
  schema: (z, s) =>
    s
      .input({
        scope: s.scope,
        query: z.string().trim().min(1, "must not be empty").optional(),
        reason: z.string().optional(),
        _: z.array(s.id),
      })
      .superRefine((v, issue) => {
        if (v.query === undefined && v._.length === 0) {
          issue.addIssue({ code: "custom", path: ["_"], message: "give the ids to forget, or --query" });
        }
        if (v.query !== undefined && v._.length > 0) {
          issue.addIssue({ code: "custom", path: ["query"], message: "forget by ids or by --query, not both" });
        }
        if (v.query === undefined && v.scope !== undefined) {
          issue.addIssue({
            code: "custom",
            path: ["scope"],
            message: "only goes with --query (ids name their entries)",
          });
        }
        if (v.query !== undefined && v.scope === "all") {
          issue.addIssue({
            code: "custom",
            path: ["scope"],
            message: 'forget --query works in one project or global; name it instead of "all"',
          });
        }
      }),
  async run(input, ctx) {
    const { withMemory, CLI_ACTOR } = await import("../open-store.js");
    const { eachId, reportIds } = await import("../id-batch.js");
    const { missingEntry } = await import("../not-found.js");
    if (input.query !== undefined) {
      const { resolveScopes } = await import("../project.js");
      const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
      const query = input.query;
      const trashed = await withMemory(ctx, ({ memory }) =>
        memory.trashByQuery(query, scopes ?? [], CLI_ACTOR, input.reason),
      );
      if (ctx.json) ctx.printJson({ scopes, query, trashed });
      else {
        for (const e of trashed) ctx.print(`Trashed ${e.id} "${e.title}".`);
        ctx.print(`${trashed.length} entr${trashed.length === 1 ? "y" : "ies"} moved to the trash. Scope: ${label}.`);
      }
      return EXIT.ok;
    }
    const outcomes = await withMemory(ctx, ({ memory }) =>
      eachId(input._, async (id) => {
        if (!(await memory.get(id))) throw missingEntry(id);
        return (await memory.trash(id, CLI_ACTOR, input.reason)).entry;
      }),
    );
    return reportIds(ctx, outcomes, "Trashed");
  },
});
