/**
 * `team promote` and `team demote`: move entries between the current project's own memory and its team memory, in
 * place (same id, history kept). The team file changes with them, ready to be committed.
 */
import { type CommandSpec, defineCommand } from "../command.js";

function moveCommand(direction: "promote" | "demote"): CommandSpec {
  const promote = direction === "promote";
  return defineCommand({
    name: `team ${direction}`,
    description: promote
      ? "Moves entries of the current project into its team memory: each gets its line in .opencode/memory/team.jsonl, which teammates receive when it is committed and pushed. The ids given move together or not at all: refused while the file has bad lines (team check lists them), when the team memory already holds a title, or when an entry supersedes (or is superseded by) one that would stay behind; give both ids to move them together."
      : "Moves team entries of the current project back into its own memory: their lines leave .opencode/memory/team.jsonl. The ids given move together or not at all: refused while the file has bad lines, when the project's own memory already holds a title, or when an entry supersedes (or is superseded by) a team entry that would stay behind; give both ids to move them together.",
    positionals: [{ name: "id", description: `Entries to ${direction}`, required: true, variadic: true }],
    flags: { reason: { type: "string", value: "<text>", description: "Why, kept in the audit log" } },
    examples: [`opencode-ledger team ${direction} k3v9q2m0x7ab --reason "agreed in review"`],
    schema: (z, s) =>
      s.input({ reason: z.string().optional(), _: z.array(s.id).min(1, `give the ids to ${direction}`) }),
    async run(input, ctx) {
      const { withMemory, PERSON_ACTOR } = await import("../open-store.js");
      const { reportIds } = await import("../id-batch.js");
      const { missingEntry } = await import("../not-found.js");
      const { scopeText } = await import("../project.js");
      const ids = [...new Set(input._)];
      let where = "";
      const moved = await withMemory(ctx, async ({ memory, project }) => {
        where = scopeText(project, ctx.env.HOME);
        for (const id of ids) if (!(await memory.get(id))) throw missingEntry(id);
        // Deciding what the whole team should know is a person's judgement, as a review is. One move for all the ids:
        // entries linked by supersession must land on the same side.
        return promote
          ? memory.promote(ids, project, PERSON_ACTOR, input.reason)
          : memory.demote(ids, project, PERSON_ACTOR, input.reason);
      });
      const outcomes = moved.map(({ entry }) => ({ id: entry.id, ok: true, entry }));
      return reportIds(ctx, outcomes, promote ? `Promoted to the team memory of ${where}:` : `Demoted to ${where}:`);
    },
  });
}

export const promote = moveCommand("promote");
export const demote = moveCommand("demote");
