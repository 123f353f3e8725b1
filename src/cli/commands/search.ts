/**
 * `search`: full-text search over titles, bodies, tags and kinds, ranked as the memory_search tool ranks.
 */
import { entryFilterFlags, entryFilterQuery } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

const MATCH = { 1: "all words", 2: "prefixes", 3: "some words" } as const;

export const command = defineCommand({
  name: "search",
  description:
    "Searches memory entries for the given words: entries matching every word first, then every word as a prefix, then some of the words. By default: candidate and active entries of the current project and global.",
  positionals: [
    {
      name: "words",
      description: "What to search for (quote it or give several words)",
      required: true,
      variadic: true,
    },
  ],
  flags: entryFilterFlags(20, "Search the trash instead"),
  examples: ['opencode-ledger search "deploy staging"', "opencode-ledger search redis --scope all --json"],
  schema: (z, s) =>
    s.input({
      ...s.entryFilters(20),
      _: z
        .array(z.string())
        .min(1, "give the words to search for")
        .refine((words) => /[\p{L}\p{N}]/u.test(words.join(" ")), "has no words to search for (letters or digits)"),
    }),
  async run(input, ctx) {
    const { resolveScopes } = await import("../project.js");
    const { withMemory } = await import("../open-store.js");
    const { ENTRY_COLUMNS, entryRow, pageFooter } = await import("../entry-text.js");
    const { renderTable } = await import("../table.js");
    const { plural } = await import("../../human-units.js");
    const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const { withLinks } = await import("../entry-links.js");
    const page = await withMemory(ctx, async ({ memory, database }) => {
      const found = await memory.search({
        ...entryFilterQuery(input, scopes),
        query: input._.join(" "),
        preferScope: scopes?.[0],
      });
      const linked = await withLinks(
        database,
        found.items.map((hit) => hit.entry),
      );
      return { ...found, items: found.items.map((hit, i) => ({ ...hit, entry: linked[i] ?? hit.entry })) };
    });
    if (ctx.json) {
      ctx.printJson({
        scopes: scopes ?? "all",
        words: page.words,
        ignoredWords: page.ignoredWords,
        total: page.total,
        totalAtLeast: page.totalAtLeast,
        offset: page.offset,
        items: page.items.map((hit) => ({ match: MATCH[hit.tier], rank: hit.rank, entry: hit.entry })),
      });
      return EXIT.ok;
    }
    if (page.items.length > 0) {
      const columns = [...ENTRY_COLUMNS.slice(0, 5), { header: "MATCH" }, ...ENTRY_COLUMNS.slice(5)];
      const rows = page.items.map((hit) => {
        const row = entryRow(hit.entry, ctx);
        return [...row.slice(0, 5), MATCH[hit.tier], ...row.slice(5)];
      });
      ctx.print(renderTable(columns, rows, { width: ctx.width, color: ctx.color }));
    }
    const ignored =
      page.ignoredWords > 0
        ? ` ${plural(page.ignoredWords, "word")} beyond the first ${page.words.length} were ignored.`
        : "";
    ctx.print(
      `${pageFooter(page, "match", "matches")} Searched for: ${page.words.join(" ")}. Scope: ${label}.${ignored}`,
    );
    return EXIT.ok;
  },
});
