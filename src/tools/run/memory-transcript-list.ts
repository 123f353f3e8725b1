/**
 * A memory_transcript_list call (../memory-transcript-list.ts): the transcripts, newest first, each asked of OpenCode.
 */

import { joinWithinBudget, MAX_ENTRIES, MAX_RESULT_BYTES } from "../../bounded-output.js";
import { formatAge, formatBytes, plural } from "../../human-units.js";
import { normalizeScopePath, projectScope } from "../../scope.js";
import type { TranscriptRow } from "../../store/schema.js";
import { lastActivity } from "../../transcripts/catalog.js";
import { visibleLine } from "../../transcripts/render/text-lines.js";
import type { Transcripts } from "../../transcripts/transcripts.js";
import type { CallOf } from "../lazy-tool.js";
import type { TranscriptToolDeps } from "../memory-deps.js";
import type { transcriptListTool } from "../memory-transcript-list.js";

export function transcriptList({ data, transcripts }: TranscriptToolDeps): CallOf<typeof transcriptListTool> {
  return async (args, context) => {
    const scopes = args.all
      ? undefined
      : [args.scope ? normalizeScopePath(args.scope) : projectScope(context.worktree, context.directory)];
    const rows = await transcripts.list(scopes);
    if (rows.length === 0) {
      return args.all
        ? "No transcripts yet: every session OpenCode holds is copied into a transcript shortly after the plugin starts (backfill)."
        : `No transcripts for ${scopes?.[0]} yet (all=true lists every project's).`;
    }
    const shown = rows.slice(0, MAX_ENTRIES);
    const inHost = await hostStatus(transcripts, shown);
    const now = data.clock();
    const blocks = shown.map((row, i) => describeRow(row, inHost[i] ?? "unknown", now, args.all === true));
    const total = rows.reduce((n, r) => n + r.bytes, 0);
    const summary = `${rows.length} transcript${rows.length === 1 ? "" : "s"}, ${formatBytes(total)} in all${rows.length > shown.length ? `; the newest ${shown.length} are listed` : ""}.`;
    return joinWithinBudget(
      [summary, ...blocks],
      MAX_RESULT_BYTES,
      "Narrow with scope, or clean up with memory_transcript_cleanup.",
    );
  };
}

function describeRow(row: TranscriptRow, inHost: string, now: number, withScope: boolean): string {
  const title = row.title ? `"${visibleLine(row.title, 100)}"` : "(untitled)";
  const where = withScope ? ` · project ${row.scope}` : "";
  return (
    `${row.sessionId} · ${title} · ${plural(row.lines, "line")} · ${formatBytes(row.bytes)} · ${plural(row.messageCount, "message")}` +
    ` · age ${formatAge(now - row.createdAt)} · last used ${formatAge(now - lastActivity(row))} ago · in OpenCode: ${inHost}${where}`
  );
}

/** "yes", "no" or "unknown (why)" per row, asking the host a few at a time. */
async function hostStatus(transcripts: Transcripts, rows: readonly TranscriptRow[]): Promise<string[]> {
  const answers: string[] = new Array(rows.length).fill("unknown");
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < rows.length; i = next++) {
      const row = rows[i] as TranscriptRow;
      answers[i] = await transcripts.source.session(row.sessionId, { directory: row.scope }).then(
        (info) => (info ? "yes" : "no"),
        () => "unknown (OpenCode did not answer)",
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return answers;
}
