/**
 * `transcripts backfill`: what the plugin does in the background after OpenCode starts, now and at full speed: every
 * session OpenCode holds, in every project, becomes a transcript, newest first. Reads OpenCode's database read-only;
 * skips (exit 1) when a backfill already runs in another process.
 */

import type { BackfillProgress } from "../../transcripts/backfill/backfill-progress.js";
import { PROGRESS_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "transcripts backfill",
  description:
    "Turns every session OpenCode holds, in every project, into a transcript, newest first, so transcripts search finds sessions that never compacted. Reads OpenCode's own database opened read-only (never written, never locked against OpenCode). A session whose transcript is current is skipped, so running it again costs little and an interrupted run resumes. The transcripts are written first; then the full-text index (and the search sketch) is brought up to every transcript it is behind. Sessions OpenCode no longer has are marked orphaned and removed, unless the plugin option retention.keepDeleted is set. The plugin does the same in the background after OpenCode starts; when a backfill already runs in another process, this one does nothing and says so.",
  positionals: [],
  flags: {
    database: {
      type: "string",
      value: "<file>",
      description: "OpenCode's database (default: $XDG_DATA_HOME/opencode/opencode.db, or OPENCODE_DB)",
    },
    cpu: { type: "string", value: "<share>", description: "Share of one core to use, 0.01 to 1 (default 1)" },
    "max-session-mb": {
      type: "string",
      value: "<mb>",
      description: "Skip sessions holding more data than this (default 64)",
    },
    ...PROGRESS_FLAG,
  },
  examples: [
    "opencode-ledger transcripts backfill",
    "opencode-ledger transcripts backfill --json",
    "opencode-ledger transcripts backfill --cpu 0.25 --progress 2>backfill.log",
  ],
  schema(z, s) {
    const share = z
      .string()
      .regex(/^\d*\.?\d+$/, "must be a number")
      .transform(Number)
      .pipe(z.number().min(0.01, "must be at least 0.01").max(1, "must be at most 1"));
    return s.input({
      progress: s.progress,
      database: z.string().trim().min(1, "must name a file").optional(),
      cpu: share.optional(),
      "max-session-mb": s.int(1, 4_096).default(64),
      _: z.array(z.string()).max(0, "backfill takes no arguments"),
    });
  },
  async run(input, ctx) {
    const fs = await import("node:fs");
    const { isOpencodesOwnDatabase, opencodeDatabasePath } = await import("../../transcripts/backfill/opencode-db.js");
    const file = opencodeDatabasePath(ctx.env, input.database ? input.database : undefined);
    if (!fs.existsSync(file)) {
      const error = `no OpenCode database at ${file}; pass --database <file>`;
      if (ctx.json) ctx.printJson({ ran: false, error });
      else ctx.note(`opencode-ledger: ${error}`);
      return EXIT.failure;
    }
    const { withServices } = await import("../open-services.js");
    const { runBackfill } = await import("../../transcripts/backfill/backfill.js");
    const { createDatabaseSource } = await import("../../transcripts/backfill/database-source.js");
    const { readProgress } = await import("../../transcripts/backfill/backfill-progress.js");
    const { progressBar } = await import("../progress-bar.js");
    const bar = progressBar(ctx, "backfill", "sessions");
    const indexBar = progressBar(ctx, "indexing", "transcripts");
    let indexing = false;
    const onProgress = (p: BackfillProgress) => {
      if (!p.indexing) return bar.update(p.done, p.total);
      if (!indexing) bar.done();
      indexing = true;
      indexBar.update(p.indexing.done, p.indexing.total);
    };
    const source = await createDatabaseSource(file);
    try {
      let warnings: string[] = [];
      const outcome = await withServices(ctx, async ({ data }) => {
        // The command has no log file: what the backfill logs as warnings (skipped sessions, named up to 50) is shown.
        const shown = data.log;
        const result = await runBackfill({
          data,
          source,
          cpuShare: input.cpu ?? 1,
          maxSessionBytes: input["max-session-mb"] * 1_048_576,
          onProgress,
          authoritative: isOpencodesOwnDatabase(file, ctx.env),
        });
        if ("lines" in shown && Array.isArray(shown.lines)) {
          warnings = (shown.lines as { level: string; message: string }[])
            .filter((l) => l.level === "warn" || l.level === "error")
            .map((l) => l.message);
        }
        return result;
      });
      if (!outcome.ran) {
        const running = readProgress(ctx.dataDir);
        const far =
          running && running.pid === outcome.heldBy.pid ? ` (${running.done} of ${running.total} sessions)` : "";
        const message = `a backfill is running in process ${outcome.heldBy.pid}${far}; it finishes on its own, nothing was done here`;
        if (ctx.json) ctx.printJson({ ran: false, heldBy: outcome.heldBy, error: message });
        else ctx.note(`opencode-ledger: ${message}`);
        return EXIT.failure;
      }
      (indexing ? indexBar : bar).done();
      if (ctx.json) {
        const { pid: _pid, ...progress } = outcome.progress;
        ctx.printJson({ ran: true, database: file, ...progress, orphaned: outcome.orphaned, removed: outcome.removed });
      } else {
        for (const warning of warnings) ctx.note(`opencode-ledger: ${warning}`);
        ctx.print(outcome.summary.replace("(reasons in the log)", "(reasons above)"));
      }
      return EXIT.ok;
    } finally {
      source.close();
    }
  },
});
