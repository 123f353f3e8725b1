/**
 * `purge`: permanent deletion. The entry and its index terms leave the file and the WAL; its audit rows keep only
 * who and when. It asks first at a terminal; without a terminal it needs --yes, and refuses otherwise.
 */
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "purge",
  description:
    "Deletes entries for good, in the trash or not: the row and its search terms are removed from the store file and its WAL (secure delete and a checkpoint), and the audit rows lose their content, keeping who and when. It lists the entries and asks for confirmation; with --yes it does not ask. Without a terminal on stdin and without --yes it refuses. If any id is unknown nothing is purged.",
  positionals: [{ name: "id", description: "Entries to purge", required: true, variadic: true }],
  flags: { yes: { type: "boolean", short: "y", description: "Do not ask for confirmation" } },
  examples: ["opencode-ledger purge k3v9q2m0x7ab", "opencode-ledger purge k3v9q2m0x7ab 7fh2k9d0c1xz --yes"],
  schema: (z, s) => s.input({ yes: z.boolean().optional(), _: z.array(s.id).min(1, "give the ids to purge") }),
  async run(input, ctx) {
    const { withMemory, CLI_ACTOR } = await import("../open-store.js");
    const { missingEntry } = await import("../not-found.js");
    const { LedgerError } = await import("../../errors.js");
    const ids = [...new Set(input._)];
    return withMemory(ctx, async ({ memory }) => {
      const entries = [];
      for (const id of ids) {
        const entry = await memory.get(id);
        if (!entry) throw missingEntry(id, ". Nothing was purged");
        entries.push(entry);
      }
      const talk = ctx.json ? ctx.stderr : ctx.stdout;
      const noun = `${entries.length} entr${entries.length === 1 ? "y" : "ies"}`;
      if (!input.yes) {
        if (!ctx.stdin.isTTY) {
          throw new LedgerError(
            "INVALID_INPUT",
            `refused: purge deletes ${noun} permanently and asks first, but stdin is not a terminal. Run it at a terminal, or pass --yes. Nothing was purged.`,
          );
        }
        const { lineReader } = await import("../prompt.js");
        for (const e of entries)
          talk.write(`  ${e.id}  ${e.kind}  ${e.status}${e.trashedAt ? " (trash)" : ""}  ${e.title}\n`);
        const reader = lineReader(ctx.stdin, talk);
        const answer = await reader.ask(`Purge ${noun} permanently? This cannot be undone. [y/N] `);
        reader.close();
        if (!/^(y|yes)$/i.test(answer?.trim() ?? "")) {
          throw new LedgerError("INVALID_INPUT", `not confirmed; nothing was purged`);
        }
      }
      const results = [];
      for (const entry of entries) {
        const result = await memory.purge(entry.id, CLI_ACTOR);
        results.push({ id: entry.id, title: entry.title, checkpointed: result.checkpointed });
      }
      if (ctx.json) ctx.printJson({ purged: results });
      else {
        for (const r of results) ctx.print(`Purged ${r.id} "${r.title}".`);
        if (results.some((r) => !r.checkpointed)) {
          ctx.print(
            "Another process kept reading the store past the wait: the purged content may stay in its WAL until the next write or start of any opencode-ledger process (OpenCode's included) clears it.",
          );
        }
      }
      return EXIT.ok;
    });
  },
});
