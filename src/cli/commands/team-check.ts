/**
 * `team check`: validates a project's team memory file the way the plugin reads it, for a pre-commit hook or CI.
 * Needs no store. Exit 1 when any line is bad (a conflict marker, broken JSON, a field too long, a secret).
 */
import { plural } from "../../human-units.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "team check",
  description:
    "Reads the team memory file (.opencode/memory/team.jsonl of the project holding the current folder, or the file given) line by line with the plugin's own rules: limits, statuses, dates, unique ids and titles, and the secret guard. Every bad line is listed by number; the exit code is 1 when there is any. A project without the file passes.",
  positionals: [{ name: "file", description: "The file to check (default: the current project's team file)" }],
  flags: {},
  examples: [
    "opencode-ledger team check",
    "opencode-ledger team check .opencode/memory/team.jsonl --json",
    "# .git/hooks/pre-commit:  npx opencode-ledger team check",
  ],
  schema: (z, s) => s.input({ _: z.array(z.string()).max(1, "give at most one file") }),
  async run(input, ctx) {
    const path = await import("node:path");
    const { projectOf } = await import("../project.js");
    const { teamFilePath } = await import("../../team/team-path.js");
    const { readTeamFile } = await import("../../team/team-file.js");
    const { readTeamText } = await import("../../team/team-read.js");
    const file = input._[0] ? path.resolve(ctx.cwd, input._[0]) : teamFilePath(projectOf(ctx.cwd));
    const { text } = readTeamFile(file);
    const read = readTeamText(text ?? "", Date.now());
    const result = {
      file,
      exists: text !== undefined,
      ok: read.problems.length === 0,
      entries: read.entries.length,
      expired: read.expired,
      problems: read.problems,
    };
    if (ctx.json) {
      ctx.printJson(result);
    } else if (text === undefined) {
      ctx.print(`No team memory file at ${file}; nothing to check.`);
    } else {
      for (const p of read.problems) ctx.print(`${file}:${p.line}: ${p.message}`);
      const expired = read.expired > 0 ? `, ${read.expired} expired (left out)` : "";
      ctx.print(
        read.problems.length === 0
          ? `${file}: ${plural(read.entries.length, "entry", "entries")}, all valid${expired}.`
          : `${file}: ${plural(read.problems.length, "bad line")}, ${plural(read.entries.length, "valid entry", "valid entries")}${expired}.`,
      );
    }
    return result.ok ? EXIT.ok : EXIT.failure;
  },
});
