/**
 * `show <id>`: one entry with every field and the whole body, in the trash or not.
 */
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "show",
  description: "Shows one memory entry with every field and its whole body, whatever its scope or status.",
  positionals: [{ name: "id", description: "The entry's id, as list and search show it", required: true }],
  flags: {},
  examples: ["opencode-ledger show k3v9q2m0x7ab", "opencode-ledger show k3v9q2m0x7ab --json"],
  schema: (_z, s) => s.input({ _: s.one(s.id, "give exactly one entry id") }),
  async run(input, ctx) {
    const { withMemory } = await import("../open-store.js");
    const { entryBlock } = await import("../entry-text.js");
    const { missingEntry } = await import("../not-found.js");
    const id = input._;
    const entry = await withMemory(ctx, ({ memory }) => memory.get(id));
    if (!entry) throw missingEntry(id);
    if (ctx.json) ctx.printJson({ entry });
    else ctx.print(entryBlock(entry, ctx));
    return EXIT.ok;
  },
});
