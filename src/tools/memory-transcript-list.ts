/**
 * memory_transcript_list: the exported transcripts of this project (or of all), with size, lines, age, last touch,
 * title and whether OpenCode still has the session.
 */

import { joinWithinBudget, MAX_ENTRIES, MAX_RESULT_BYTES } from "../bounded-output.js";
import type { DataContext } from "../data-context.js";
import { formatAge, formatBytes } from "../human-units.js";
import { normalizeScopePath, projectScope } from "../scope.js";
import type { TranscriptRow } from "../store/schema.js";
import { visibleLine } from "../transcripts/render/text-lines.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export function createTranscriptListTool({ data, transcripts }: { data: DataContext; transcripts: Transcripts }) {
  return lazyTool({
    description:
      "List exported session transcripts, newest first: size, lines, age, last touch, title, and whether OpenCode still has the session. " +
      "This project's by default; all=true for every project.",
    args: () => ({
      all: z.boolean().optional().describe("List the transcripts of every project (default false)"),
      scope: z.string().optional().describe("Project folder whose transcripts to list (default: this project)"),
    }),
    async execute(args, context) {
      const scopes = args.all
        ? undefined
        : [args.scope ? normalizeScopePath(args.scope) : projectScope(context.worktree, context.directory)];
      const rows = await transcripts.list(scopes);
      if (rows.length === 0) {
        return args.all
          ? "No transcripts yet: a session is exported when it compacts or when a tool names it."
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
    },
  });
}

function describeRow(row: TranscriptRow, inHost: string, now: number, withScope: boolean): string {
  const title = row.title ? `"${visibleLine(row.title, 100)}"` : "(untitled)";
  const where = withScope ? ` · project ${row.scope}` : "";
  return (
    `${row.sessionId} · ${title} · ${row.lines} lines · ${formatBytes(row.bytes)} · ${row.messageCount} messages` +
    ` · age ${formatAge(now - row.createdAt)} · last touch ${formatAge(now - row.updatedAt)} ago · in OpenCode: ${inHost}${where}`
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
