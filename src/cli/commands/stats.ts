/**
 * `stats`: how much memory there is, by status and kind, and how big the store is.
 */
import { SCOPE_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "stats",
  description:
    "Counts live entries by status and kind, the trash, the oldest live entry, the size of the store file (the whole store, every scope), and what the plugin takes on disk (transcripts, search index and ledger.db with their WAL, sketches) beside OpenCode's own database.",
  positionals: [],
  flags: { ...SCOPE_FLAG },
  examples: ["opencode-ledger stats", "opencode-ledger stats --scope all --json"],
  schema: (z, s) => s.input({ scope: s.scope, _: z.array(z.string()).max(0, "stats takes no arguments") }),
  async run(input, ctx) {
    const { resolveScopes } = await import("../project.js");
    const { withMemory } = await import("../open-store.js");
    const { formatTime } = await import("../entry-text.js");
    const { formatBytes } = await import("../../human-units.js");
    const { diskFootprint, footprintText } = await import("../footprint.js");
    const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const { stats, file } = await withMemory(ctx, async ({ memory, database }) => ({
      stats: await memory.stats(scopes),
      file: database.file,
    }));
    const footprint = diskFootprint(ctx.dataDir, ctx.env);
    if (ctx.json) {
      ctx.printJson({ scopes: scopes ?? "all", storeFile: file, ...stats, footprint });
      return EXIT.ok;
    }
    const statuses = Object.entries(stats.byStatus)
      .map(([status, n]) => `${n} ${status}`)
      .join(", ");
    const kinds = Object.entries(stats.byKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ");
    const lines = [
      `Scope:    ${label}`,
      `Entries:  ${stats.live} live (${statuses}), ${stats.trash} in the trash, ${stats.total} in all`,
      `By kind:  ${kinds || "none"}`,
    ];
    if (stats.oldestLive) {
      const o = stats.oldestLive;
      lines.push(`Oldest:   ${o.id} "${o.title}" (${formatTime(o.createdAt)})`);
    }
    lines.push(`Store:    ${file}, ${formatBytes(stats.storeBytes)} (every scope)`);
    lines.push(`On disk:  ${footprintText(footprint)}`);
    ctx.print(lines.join("\n"));
    return EXIT.ok;
  },
});
