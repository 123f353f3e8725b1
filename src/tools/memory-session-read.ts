/**
 * memory_session_read: a numbered window of one session's transcript, exported on demand the first time.
 */
import { MAX_RESULT_BYTES } from "../bounded-output.js";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { projectScope } from "../scope.js";
import { checkSessionId } from "../session-id.js";
import { visibleLine } from "../transcripts/render/text-lines.js";
import { readWindow } from "../transcripts/transcript-reader.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { z } from "../zod.js";
import { lazyTool } from "./lazy-tool.js";

export const READ_DEFAULT_LINES = 200;
export const READ_MAX_LINES = 2_000;
export const READ_MAX_BYTES = 100_000;

const elsewhere = (sessionID: string, scope: string) =>
  new NotFoundError("transcript of this project", sessionID, `it belongs to ${scope}; pass all: true to read it`);

export function createSessionReadTool({ transcripts }: { transcripts: Transcripts }) {
  return lazyTool({
    description:
      "Read a numbered window of a session transcript (the exact record of a past or compacted session; exported on demand). " +
      "Each line is `<line number>\\t<text>`; the result ends with the offset of the next window. " +
      "Values that look like secrets are shown as [redacted: <kind>]. " +
      "Find line numbers first with memory_session_search, then read around them.",
    args: () => ({
      sessionID: z
        .string()
        .describe("Session id (ses_…), as named in a compaction pointer or by memory_transcript_list"),
      offset: z.number().int().min(1).optional().describe("First line to read, 1-based (default 1)"),
      limit: z
        .number()
        .int()
        .min(1)
        .max(READ_MAX_LINES)
        .optional()
        .describe(`Most lines to return (default ${READ_DEFAULT_LINES}, at most ${READ_MAX_LINES})`),
      maxBytes: z
        .number()
        .int()
        .min(1_000)
        .max(READ_MAX_BYTES)
        .optional()
        .describe(`Byte budget of the result (default ${MAX_RESULT_BYTES})`),
      all: z
        .boolean()
        .optional()
        .describe("Allow a session of another project (default false: this project's sessions only)"),
    }),
    async execute(args, context) {
      const sessionID = checkSessionId(args.sessionID);
      const offset = args.offset ?? 1;
      const limit = Math.min(args.limit ?? READ_DEFAULT_LINES, READ_MAX_LINES);
      const maxBytes = Math.min(args.maxBytes ?? MAX_RESULT_BYTES, READ_MAX_BYTES);
      if (!Number.isInteger(offset) || offset < 1) throw new InvalidInputError("offset", "must be a whole number ≥ 1");
      const project = projectScope(context.worktree, context.directory);
      const known = await transcripts.find(sessionID);
      if (known && known.scope !== project && args.all !== true) throw elsewhere(sessionID, known.scope);
      const { row, file } = await transcripts.ensure(sessionID);
      // Another project's session seen for the first time: exported under its own project, and read only when asked.
      if (row.scope !== project && args.all !== true) throw elsewhere(sessionID, row.scope);
      // The header and the closing line take part of the budget.
      const window = readWindow(file, { offset, limit, maxBytes: Math.max(500, maxBytes - 600) });
      // The window goes back to the model: recognised secrets are redacted (the file keeps them). The guard and the
      // reading of hand-edited numbers load with the first read, not with the plugin.
      const [{ redactionNote, redactSecrets }, { redactNumberedLines }, { describeWindow, windowNumbers }] =
        await Promise.all([
          import("../secret-guard/redact.js"),
          import("../transcripts/redact-numbered.js"),
          import("../transcripts/window-numbers.js"),
        ]);
      const shown = redactNumberedLines(window.lines, { file, first: window.first });
      const shownTitle = redactSecrets(row.title ?? "");
      const title = shownTitle.text ? ` "${visibleLine(shownTitle.text, 120)}"` : "";
      if (window.lines.length === 0) {
        throw new InvalidInputError(
          "offset",
          `${offset} is past the end: the transcript of ${sessionID} has ${window.fileLines ?? 0} lines; read from offset ${Math.max(1, (window.fileLines ?? 0) - limit + 1)}`,
        );
      }
      // The header names the lines it shows: on a file changed by hand their numbers and places differ.
      const numbers = windowNumbers(window.lines, window.first);
      const range = describeWindow(numbers, window.first, window.last);
      const end = numbers.asPlaced ? ` of ${row.lines}` : `; the last number written is ${row.lines}`;
      const head = `${sessionID}${title}: ${range}${end} · ${file}`;
      const lastNumber = numbers.asPlaced || numbers.last === undefined ? "" : `, numbered ${numbers.last}`;
      const tail =
        window.nextOffset !== undefined
          ? `… next: memory_session_read({ sessionID: "${sessionID}", offset: ${window.nextOffset} })`
          : `(end of the transcript at line ${window.last}${lastNumber})`;
      const kinds = [...new Set([...shownTitle.kinds, ...shown.kinds])];
      const note = redactionNote(shown.redacted + shownTitle.redacted, kinds);
      return [head, ...shown.lines, tail, ...(note ? [note] : [])].join("\n");
    },
  });
}
