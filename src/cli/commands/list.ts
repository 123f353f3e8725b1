/**
 * `list`: entries of the scope, newest first, filtered by status, kind or the trash.
 */
import { SCOPE_FLAG, shared } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

export const STATUS_VALUES = ["candidate", "active", "superseded", "rejected", "all"] as const;

export const command = defineCommand({
  name: "list",
  description:
    "Lists memory entries newest first. By default: candidate and active entries of the current project and global, outside the trash.",
  positionals: [],
  flags: {
    ...SCOPE_FLAG,
    status: {
      type: "string",
      value: "<status>",
      description: "candidate, active, superseded, rejected or all (default: candidate and active)",
    },
    kind: { type: "string", value: "<kind>", description: "Only entries of this kind (decision, fact, lesson...)" },
    trash: { type: "boolean", description: "Only entries in the trash" },
    limit: { type: "string", value: "<n>", description: "At most n entries (1-1000, default 50)" },
    offset: { type: "string", value: "<n>", description: "Skip the first n entries (default 0)" },
  },
  examples: [
    "opencode-ledger list",
    "opencode-ledger list --scope all --status all --limit 200",
    "opencode-ledger list --trash",
  ],
  schema(z) {
    const s = shared(z);
    return z.strictObject({
      ...s.globals,
      scope: s.scope,
      status: z.enum(STATUS_VALUES, { error: `must be one of ${STATUS_VALUES.join(", ")}` }).optional(),
      kind: z.string().trim().min(1, "must not be empty").optional(),
      trash: z.boolean().optional(),
      limit: s.int(1, 1000).default(50),
      offset: s.int(0, 1_000_000_000).default(0),
      _: z.array(z.string()).max(0, "list takes no arguments; to search by words use the search command"),
    });
  },
  async run(input, ctx) {
    const { resolveScopes } = await import("../project.js");
    const { withMemory } = await import("../open-store.js");
    const { entryTable, pageFooter } = await import("../entry-text.js");
    const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const { withLinks } = await import("../entry-links.js");
    const page = await withMemory(ctx, async ({ memory, database }) => {
      const found = await memory.list({
        scopes,
        status: input.status,
        kind: input.kind,
        trashed: input.trash,
        limit: input.limit,
        offset: input.offset,
      });
      return { ...found, items: await withLinks(database, found.items) };
    });
    if (ctx.json) {
      ctx.printJson({ scopes: scopes ?? "all", total: page.total, offset: page.offset, items: page.items });
      return EXIT.ok;
    }
    if (page.items.length > 0) ctx.print(entryTable(page.items, ctx));
    ctx.print(
      `${input.trash ? pageFooter(page, "entry in the trash", "entries in the trash") : pageFooter(page, "entry", "entries")} Scope: ${label}.`,
    );
    return EXIT.ok;
  },
});
