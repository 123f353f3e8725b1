/**
 * `transcripts read <sessionID>`: the numbered lines of one transcript, whole or a window of them.
 */

import { NOT_A_SESSION_ID, SESSION_ID } from "../../session-id.js";
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "transcripts read",
  description:
    "Prints a session's transcript: numbered lines, the whole file or the window --offset/--limit selects. Any project's transcript can be read by its session id. Values that look like secrets are shown as [redacted: <kind>] unless --raw is given (the file itself keeps them). The transcript is read as exported; the command line tool does not ask OpenCode for newer messages.",
  positionals: [
    { name: "sessionID", description: "The session id (ses_...), as transcripts list shows it", required: true },
  ],
  flags: {
    offset: { type: "string", value: "<line>", description: "First line to print (default 1)" },
    limit: { type: "string", value: "<n>", description: "At most n lines (default: to the end)" },
    raw: { type: "boolean", description: "Print secrets as they are in the file instead of [redacted: <kind>]" },
  },
  examples: [
    "opencode-ledger transcripts read ses_4f2a9c1e7b3d",
    "opencode-ledger transcripts read ses_4f2a9c1e7b3d --offset 120 --limit 40",
    "opencode-ledger transcripts read ses_4f2a9c1e7b3d --raw",
  ],
  schema: (z, s) =>
    s.input({
      offset: s.int(1, Number.MAX_SAFE_INTEGER).default(1),
      limit: s.int(1, Number.MAX_SAFE_INTEGER).optional(),
      raw: z.boolean().optional(),
      _: s.one(z.string().regex(SESSION_ID, NOT_A_SESSION_ID), "give one session id"),
    }),
  async run(input, ctx) {
    const fs = await import("node:fs");
    const { withServices } = await import("../open-services.js");
    const { getTranscript } = await import("../../transcripts/catalog.js");
    const { containedPath } = await import("../../transcripts/paths.js");
    const { readWindow } = await import("../../transcripts/transcript-reader.js");
    const { NotFoundError, TranscriptError } = await import("../../errors.js");
    const sessionID = input._;
    const row = await withServices(ctx, ({ data }) =>
      data.database.read((_, c) => getTranscript(c, sessionID), undefined),
    );
    if (!row) {
      throw new NotFoundError(
        "transcript",
        sessionID,
        '"opencode-ledger transcripts list --scope all" shows the exported sessions',
      );
    }
    const file = containedPath(`${ctx.dataDir}/transcripts`, row.path);
    if (!fs.existsSync(file)) {
      throw new TranscriptError(
        `the transcript file of ${sessionID} is gone (${file}); "opencode-ledger transcripts cleanup --orphaned --apply" drops its index row`,
      );
    }
    const window = readWindow(file, {
      offset: input.offset,
      limit: input.limit ?? Number.MAX_SAFE_INTEGER,
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    const { redactNumberedLines } = await import("../../transcripts/redact-numbered.js");
    const { redactionNote } = await import("../../secret-guard/redact.js");
    const shown =
      input.raw === true
        ? { lines: window.lines, redacted: 0, kinds: [] }
        : redactNumberedLines(window.lines, { file, first: window.first });
    if (ctx.json) {
      ctx.printJson({
        sessionID,
        scope: row.scope,
        title: row.title,
        file,
        first: window.first,
        last: window.last,
        nextOffset: window.nextOffset ?? null,
        lines: shown.lines,
        redacted: shown.redacted,
      });
      return EXIT.ok;
    }
    if (shown.lines.length > 0) ctx.stdout.write(`${shown.lines.join("\n")}\n`);
    if (shown.redacted > 0) ctx.note(`${redactionNote(shown.redacted, shown.kinds)} --raw prints them.`);
    if (window.nextOffset !== undefined)
      ctx.note(`(more from line ${window.nextOffset}: --offset ${window.nextOffset})`);
    else if (window.lines.length === 0)
      ctx.note(
        `(the transcript has ${window.fileLines ?? row.lines} line${(window.fileLines ?? row.lines) === 1 ? "" : "s"}; nothing from line ${input.offset})`,
      );
    return EXIT.ok;
  },
});
