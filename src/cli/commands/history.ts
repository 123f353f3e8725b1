/**
 * `history <id>`: the audit trail of one entry, oldest first. It outlives a purge (content redacted, a tombstone).
 */
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "history",
  description:
    "Shows every change made to one entry, oldest first: who (agent, person, cli, sweep), when, which fields changed and why. After a purge the rows stay, with their content removed.",
  positionals: [{ name: "id", description: "The entry's id", required: true }],
  flags: {},
  examples: ["opencode-ledger history k3v9q2m0x7ab"],
  schema: (_z, s) => s.input({ _: s.one(s.id, "give exactly one entry id") }),
  async run(input, ctx) {
    const { withMemory } = await import("../open-store.js");
    const { HISTORY_COLUMNS, historyRow } = await import("../entry-text.js");
    const { renderTable } = await import("../table.js");
    const { missingEntry } = await import("../not-found.js");
    const { NotFoundError } = await import("../../errors.js");
    const id = input._;
    const found = await withMemory(ctx, ({ memory }) =>
      memory.history(id).catch((error: unknown) => {
        if (error instanceof NotFoundError) throw missingEntry(id);
        throw error;
      }),
    );
    if (ctx.json) {
      ctx.printJson({ id, entry: found.entry ?? null, rows: found.rows });
      return EXIT.ok;
    }
    const title = found.entry ? `"${found.entry.title}" (${found.entry.status})` : "(purged)";
    ctx.print(`History of ${id} ${title}:`);
    ctx.print(renderTable(HISTORY_COLUMNS, found.rows.map(historyRow), { width: ctx.width, color: ctx.color }));
    return EXIT.ok;
  },
});
