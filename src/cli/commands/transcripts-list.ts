/**
 * `transcripts list`: the exported transcripts of the project (or of all), the session used last first.
 */
import { defineCommand, EXIT } from "../command.js";

export const TRANSCRIPT_SCOPE_FLAG = {
  scope: {
    type: "string",
    value: "<path|all>",
    description: "Whose transcripts: a project's folder, or all (default: the project of the current folder)",
  },
} as const;

export const command = defineCommand({
  name: "transcripts list",
  description:
    "Lists the exported session transcripts of the current project (or --scope all), the session used last first: session id, when the session was last used (its last message), lines, size, messages, title. Transcripts belong to projects; there are no global ones.",
  positionals: [],
  flags: { ...TRANSCRIPT_SCOPE_FLAG },
  examples: ["opencode-ledger transcripts list", "opencode-ledger transcripts list --scope all --json"],
  schema: (z, s) =>
    s.input({
      scope: s.scope.refine((v) => v !== "global", "transcripts belong to projects; name a folder, or all"),
      _: z.array(z.string()).max(0, "transcripts list takes no arguments"),
    }),
  async run(input, ctx) {
    const { transcriptScopes } = await import("../transcript-scope.js");
    const { withServices } = await import("../open-services.js");
    const { lastActivity, listTranscripts } = await import("../../transcripts/catalog.js");
    const { scopes, label } = transcriptScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const { rows, transcriptsDir } = await withServices(ctx, async ({ data }) => ({
      rows: await data.database.read((db) => listTranscripts(db, scopes), []),
      transcriptsDir: data.transcriptsDir,
    }));
    if (ctx.json) {
      const { containedPath } = await import("../../transcripts/paths.js");
      ctx.printJson({
        scopes: scopes ?? "all",
        transcripts: rows.map((r) => ({ ...r, file: containedPath(transcriptsDir, r.path) })),
      });
      return EXIT.ok;
    }
    if (rows.length === 0) {
      ctx.print(
        `No transcripts. Scope: ${label}. Every session OpenCode holds is copied into a transcript shortly after the plugin starts (backfill); "opencode-ledger transcripts backfill" does it now.`,
      );
      return EXIT.ok;
    }
    const { renderTable } = await import("../table.js");
    const { formatTime } = await import("../entry-text.js");
    const { formatBytes } = await import("../../human-units.js");
    const { scopeText } = await import("../project.js");
    const columns = [
      { header: "SESSION" },
      { header: "LAST USED" },
      { header: "LINES", align: "right" as const },
      { header: "SIZE", align: "right" as const },
      { header: "MSGS", align: "right" as const },
      ...(scopes ? [] : [{ header: "PROJECT", flex: true, min: 10 }]),
      { header: "TITLE", flex: true, min: 10 },
    ];
    const table = rows.map((r) => [
      r.sessionId,
      formatTime(lastActivity(r)),
      String(r.lines),
      formatBytes(r.bytes),
      String(r.messageCount),
      ...(scopes ? [] : [scopeText(r.scope, ctx.env.HOME)]),
      r.title ?? "(untitled)",
    ]);
    ctx.print(renderTable(columns, table, { width: ctx.width, color: ctx.color }));
    const bytes = rows.reduce((n, r) => n + r.bytes, 0);
    ctx.print(`${rows.length} transcript${rows.length === 1 ? "" : "s"}, ${formatBytes(bytes)}. Scope: ${label}.`);
    return EXIT.ok;
  },
});
