/**
 * `transcripts cleanup`: the retention sweep on demand. A dry run unless --apply: it lists what is eligible and why,
 * and what the newest-N rule keeps.
 */

import { NOT_A_SESSION_ID, SESSION_ID } from "../../session-id.js";
import { PROGRESS_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";
import { TRANSCRIPT_SCOPE_FLAG } from "./transcripts-list.js";

export const command = defineCommand({
  name: "transcripts cleanup",
  description:
    'Removes transcripts (file and index rows) by retention rules: older than N days since lines were last appended, beyond the newest N of a project, whose file is gone (--orphaned), or named with --session. A dry run unless --apply: it lists what is eligible and why. The newest --keep-recent transcripts of a project (default 10) are never removed. The command line tool does not ask OpenCode whether it still has a session; use the memory_transcript_cleanup tool inside OpenCode for that (offered with the plugin option tools: "all").',
  positionals: [],
  flags: {
    ...TRANSCRIPT_SCOPE_FLAG,
    "older-than": {
      type: "string",
      value: "<days>",
      description: "Eligible when the session was not used for more than this many days",
    },
    "max-sessions": { type: "string", value: "<n>", description: "Eligible beyond the newest n of a project" },
    "keep-recent": { type: "string", value: "<n>", description: "Never remove the newest n of a project (default 10)" },
    orphaned: { type: "boolean", description: "Eligible when its transcript file is gone" },
    session: {
      type: "string",
      multiple: true,
      value: "<id>",
      description: "Only this session; eligible by being named",
    },
    apply: { type: "boolean", description: "Remove what is eligible (default: dry run)" },
    ...PROGRESS_FLAG,
  },
  examples: [
    "opencode-ledger transcripts cleanup --older-than 90",
    "opencode-ledger transcripts cleanup --older-than 90 --apply",
    "opencode-ledger transcripts cleanup --scope all --orphaned --apply",
  ],
  schema: (z, s) =>
    s
      .input({
        progress: s.progress,
        scope: s.scope.refine((v) => v !== "global", "transcripts belong to projects; name a folder, or all"),
        "older-than": s.int(1, 36_500).optional(),
        "max-sessions": s.int(1, 1_000_000).optional(),
        "keep-recent": s.int(0, 100_000).default(10),
        orphaned: z.boolean().optional(),
        session: z.array(z.string().regex(SESSION_ID, NOT_A_SESSION_ID)).optional(),
        apply: z.boolean().optional(),
        _: z.array(z.string()).max(0, "cleanup takes no arguments; name sessions with --session"),
      })
      .refine((v) => v["older-than"] !== undefined || v["max-sessions"] !== undefined || v.orphaned || v.session, {
        path: ["older-than"],
        message:
          "no rule given, so nothing would be eligible: pass --older-than, --max-sessions, --orphaned or --session",
      }),
  async run(input, ctx) {
    const { transcriptScopes } = await import("../transcript-scope.js");
    const { withServices } = await import("../open-services.js");
    const { progress } = await import("../progress.js");
    const { scopes, label } = transcriptScopes(input.scope, ctx.cwd, ctx.env.HOME);
    const apply = input.apply === true;
    const bar = progress(ctx, "cleanup");
    const report = await withServices(ctx, ({ transcripts }) =>
      transcripts.sweep({
        scopes,
        apply,
        rules: {
          retentionDays: input["older-than"] ?? 0,
          maxSessions: input["max-sessions"] ?? 0,
          keepRecent: input["keep-recent"],
          orphaned: input.orphaned === true,
          sessionIDs: input.session,
        },
        onProgress: (done, total) => bar.update(done, total),
      }),
    );
    if (apply && report.eligible.length > 0) bar.done();
    const failed = report.failed.length > 0;
    if (ctx.json) {
      ctx.printJson({ scopes: scopes ?? "all", ...report });
      return failed ? EXIT.failure : EXIT.ok;
    }
    const { renderTable } = await import("../table.js");
    const { formatBytes, them } = await import("../../human-units.js");
    const { eligibleOf, removedOf } = await import("../../transcripts/retention/sweep-headline.js");
    const { formatTime } = await import("../entry-text.js");
    const removed = new Set(report.removed.map((d) => d.sessionID));
    const rows = [
      ...report.eligible.map((d) => [
        d.sessionID,
        formatBytes(d.bytes),
        formatTime(d.lastTouch),
        apply ? (removed.has(d.sessionID) ? "removed" : "failed") : "eligible",
        d.reasons.join("; "),
      ]),
      ...report.protected.map((d) => [
        d.sessionID,
        formatBytes(d.bytes),
        formatTime(d.lastTouch),
        "kept",
        `${d.protectedBy} (would be: ${d.reasons.join("; ")})`,
      ]),
    ];
    if (rows.length > 0) {
      const columns = [
        { header: "SESSION" },
        { header: "SIZE", align: "right" as const },
        { header: "LAST TOUCH" },
        { header: "ACTION" },
        { header: "WHY", flex: true, min: 20 },
      ];
      ctx.print(renderTable(columns, rows, { width: ctx.width, color: ctx.color }));
    }
    for (const f of report.failed) ctx.note(`${f.sessionID}: not removed: ${f.error}`);
    if (report.unknown.length > 0) ctx.note(`Not in the index (nothing to remove): ${report.unknown.join(", ")}`);
    const bytes = (list: typeof report.eligible) => formatBytes(list.reduce((n, d) => n + d.bytes, 0));
    ctx.print(
      apply
        ? `${removedOf(report.removed.length, report.eligible.length)} (${bytes(report.removed)}); ${report.considered} considered. Scope: ${label}.`
        : `Dry run: ${eligibleOf(report.eligible.length, report.considered)} (${bytes(report.eligible)}); nothing was removed.${report.eligible.length > 0 ? ` Run again with --apply to remove ${them(report.eligible.length)}.` : ""} Scope: ${label}.`,
    );
    return failed ? EXIT.failure : EXIT.ok;
  },
});
