/**
 * `activate`: marks entries active again: a rejected entry that holds after all, a superseded one (unlinked from what
 * replaced it), or a candidate without walking the review. The same store call as the agent's memory_review with
 * status "active", recorded in the audit log as a person's decision, with the reason.
 */
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "activate",
  description:
    "Marks entries active again: a rejected entry that holds after all, a superseded one (unlinked from the entry that replaced it), or a candidate without walking the review. The audit log records it as a person's decision, with the reason. An entry in the trash is brought back with restore first.",
  positionals: [{ name: "id", description: "Entries to make active", required: true, variadic: true }],
  flags: {
    reason: { type: "string", value: "<text>", description: "Why; kept in the audit log" },
  },
  examples: [
    'opencode-ledger activate k3v9q2m0x7ab --reason "the staging gate is back"',
    "opencode-ledger list --status rejected",
  ],
  schema: (z, s) => s.input({ reason: z.string().optional(), _: z.array(s.id).min(1, "give the ids to make active") }),
  async run(input, ctx) {
    const { withMemory, PERSON_ACTOR } = await import("../open-store.js");
    const { eachId, reportIds } = await import("../id-batch.js");
    const { missingEntry } = await import("../not-found.js");
    const unchanged = new Set<string>();
    const outcomes = await withMemory(ctx, ({ memory }) =>
      eachId(input._, async (id) => {
        if (!(await memory.get(id))) throw missingEntry(id);
        const { entry, changes } = await memory.setStatus(id, { status: "active", reason: input.reason }, PERSON_ACTOR);
        if (Object.keys(changes).length === 0) unchanged.add(id);
        return entry;
      }),
    );
    if (ctx.json) return reportIds(ctx, outcomes, "", { unchanged: [...unchanged] });
    // As memory_review says it: an entry already active is left as it is.
    for (const o of outcomes) {
      if (o.ok && o.entry) {
        const title = `${o.id} "${o.entry.title}"`;
        ctx.print(unchanged.has(o.id) ? `${title} is already active; nothing changed.` : `Made ${title} active.`);
      } else if (o.error) ctx.note(o.error.message);
    }
    return outcomes.some((o) => !o.ok) ? EXIT.failure : EXIT.ok;
  },
});
