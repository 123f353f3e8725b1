/**
 * `list`: entries of the scope, newest first, filtered by status, kind or the trash.
 */
import { entryFilterFlags, entryFilterQuery } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "list",
  description:
    "Lists memory entries newest first. By default: candidate and active entries of the current project and global, outside the trash.",
  positionals: [],
  flags: entryFilterFlags(50, "Only entries in the trash"),
  examples: [
    "opencode-ledger list",
    "opencode-ledger list --scope all --status all --limit 200",
    "opencode-ledger list --trash",
  ],
  schema: (z, s) =>
    s.input({
      ...s.entryFilters(50),
      _: z.array(z.string()).max(0, "list takes no arguments; to search by words use the search command"),
    }),
  async run(input, ctx) {
    const { resolveScopes } = await import("../project.js");
    const { withMemory } = await import("../open-store.js");
    const { entryTable, pageFooter } = await import("../entry-text.js");
    const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const { withLinks } = await import("../entry-links.js");
    const page = await withMemory(ctx, async ({ memory, database }) => {
      const found = await memory.list(entryFilterQuery(input, scopes));
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
