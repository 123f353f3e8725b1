/**
 * `restore`: brings trashed entries back where they lived, unless a live entry took the title meanwhile.
 */
import { defineCommand } from "../command.js";

export const command = defineCommand({
  name: "restore",
  description:
    "Brings entries back from the trash into their scope, with the status they had. Refused when a live entry of the same scope has taken the title since.",
  positionals: [{ name: "id", description: "Entries to restore", required: true, variadic: true }],
  flags: {},
  examples: ["opencode-ledger restore k3v9q2m0x7ab", "opencode-ledger list --trash"],
  schema: (z, s) => s.input({ _: z.array(s.id).min(1, "give the ids to restore") }),
  async run(input, ctx) {
    const { withMemory, CLI_ACTOR } = await import("../open-store.js");
    const { eachId, reportIds } = await import("../id-batch.js");
    const { missingEntry } = await import("../not-found.js");
    const outcomes = await withMemory(ctx, ({ memory }) =>
      eachId(input._, async (id) => {
        if (!(await memory.get(id))) throw missingEntry(id);
        return (await memory.restore(id, CLI_ACTOR)).entry;
      }),
    );
    return reportIds(ctx, outcomes, "Restored");
  },
});
