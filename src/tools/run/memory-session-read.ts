/**
 * A memory_session_read call (../memory-session-read.ts): a numbered window of a transcript, redacted, with the
 * offset of the next one.
 */

import { MAX_RESULT_BYTES } from "../../bounded-output.js";
import { InvalidInputError, NotFoundError } from "../../errors.js";
import { projectScope } from "../../scope.js";
import { checkSessionId } from "../../session-id.js";
import { visibleLine } from "../../transcripts/render/text-lines.js";
import { readWindow } from "../../transcripts/transcript-reader.js";
import type { CallOf } from "../lazy-tool.js";
import type { SessionReadDeps, sessionReadTool } from "../memory-session-read.js";
import { READ_DEFAULT_LINES, READ_MAX_BYTES, READ_MAX_LINES } from "../tool-defaults.js";

const elsewhere = (sessionID: string, scope: string) =>
  new NotFoundError("transcript of this project", sessionID, `it belongs to ${scope}; pass all: true to read it`);

export function sessionRead({ transcripts }: SessionReadDeps): CallOf<typeof sessionReadTool> {
  return async (args, context) => {
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
        import("../../secret-guard/redact.js"),
        import("../../transcripts/redact-numbered.js"),
        import("../../transcripts/window-numbers.js"),
      ]);
    const shown = redactNumberedLines(window.lines, { file, first: window.first });
    const shownTitle = redactSecrets(row.title ?? "");
    const title = shownTitle.text ? ` "${visibleLine(shownTitle.text, 120)}"` : "";
    if (window.lines.length === 0) {
      throw new InvalidInputError(
        "offset",
        `${offset} is past the end: the transcript of ${sessionID} has ${window.fileLines ?? 0} line${window.fileLines === 1 ? "" : "s"}; read from offset ${Math.max(1, (window.fileLines ?? 0) - limit + 1)}`,
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
  };
}
