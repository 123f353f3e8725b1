/**
 * `export`: entries as JSON Lines, one entry per line with every field the store keeps for it (the shape `show --json`
 * prints), trash included. By default every scope: an export is a backup.
 */
import { SCOPE_FLAG } from "../args.js";
import { defineCommand, EXIT, type FlagSpec } from "../command.js";

export const command = defineCommand({
  name: "export",
  description:
    'Writes memory entries as JSON Lines: one entry per line with its id, scope, kind, title, body, tags, status, superseded-by link, source, times (milliseconds since 1970) and trash mark, oldest first; trashed entries included, expired ones not. The default scope here is "all": every project and global. Audit history is not exported. The file is created with mode 0600.',
  positionals: [],
  flags: {
    scope: {
      ...SCOPE_FLAG.scope,
      description: "Whose memory: a project's folder, project, global, or all (default: all)",
    } as FlagSpec,
    output: { type: "string", short: "o", value: "<file>", description: "Write to this file (default: stdout)" },
  },
  examples: ["opencode-ledger export -o memory.jsonl", "opencode-ledger export --scope global > global.jsonl"],
  schema: (z, s) =>
    s
      .input({
        scope: s.scope,
        output: z.string().trim().min(1, "must name a file").optional(),
        _: z.array(z.string()).max(0, "export takes no arguments; use --output <file>"),
      })
      .refine((v) => !(v.json && v.output === undefined), {
        path: ["json"],
        message: "needs --output <file>: without it stdout carries the export itself",
      }),
  async run(input, ctx) {
    const path = await import("node:path");
    const { resolveScopes } = await import("../project.js");
    const { withMemory } = await import("../open-store.js");
    const { readExport } = await import("../../store/memory-transfer.js");
    const { scopes, label } = resolveScopes(input.scope ?? "all", ctx.cwd, ctx.env.HOME);
    if (input.output !== undefined) {
      const { refuseInsideDataDir } = await import("../output-path.js");
      refuseInsideDataDir(path.resolve(ctx.cwd, input.output), ctx.dataDir);
    }
    const items = await withMemory(ctx, ({ database }) => readExport(database, scopes, Date.now()));
    const text = items.map((e) => `${JSON.stringify(e)}\n`).join("");
    if (input.output === undefined) {
      ctx.stdout.write(text);
      return EXIT.ok;
    }
    const file = path.resolve(ctx.cwd, input.output);
    const { writePrivateFile } = await import("../../private-file.js");
    // A private temp file renamed over the target: never half a file, never through a link another user planted.
    try {
      writePrivateFile(file, text);
    } catch (error) {
      const { InvalidInputError } = await import("../../errors.js");
      throw new InvalidInputError("--output", `cannot write ${file}: ${(error as Error).message}`);
    }
    if (ctx.json) ctx.printJson({ file, scopes: scopes ?? "all", exported: items.length });
    else ctx.print(`Exported ${items.length} entr${items.length === 1 ? "y" : "ies"} to ${file}. Scope: ${label}.`);
    return EXIT.ok;
  },
});
