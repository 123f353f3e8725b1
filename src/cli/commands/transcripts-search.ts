/**
 * `transcripts search <query>`: exact lines from transcripts, with line numbers and context, through the plugin's own
 * search (ripgrep when there is one, else the built-in scanner).
 */

import { MAX_QUERY_CHARS, SEARCH_LIMITS } from "../../search/limits.js";
import { shared } from "../args.js";
import { defineCommand, EXIT } from "../command.js";
import { TRANSCRIPT_SCOPE_FLAG } from "./transcripts-list.js";

const SESSION_ID = /^ses_[0-9A-Za-z]{8,64}$/;

export const command = defineCommand({
  name: "transcripts search",
  description:
    "Searches transcripts for lines containing a text (or matching a JavaScript regular expression with --regex), case-insensitive unless --case-sensitive. Prints matching lines as <file>:<line>: text with context lines as <file>-<line>- text, grouped per session, newest sessions first, and a last line saying what was searched and what was left out. The current project's transcripts by default; --scope all searches every project's, --session one session's (in any project).",
  positionals: [{ name: "query", description: "The text to find within one line", required: true, variadic: true }],
  flags: {
    ...TRANSCRIPT_SCOPE_FLAG,
    session: { type: "string", value: "<id>", description: "Search only this session's transcript" },
    regex: { type: "boolean", description: "The query is a JavaScript regular expression" },
    "case-sensitive": { type: "boolean", description: "Match letter case exactly" },
    context: {
      type: "string",
      value: "<n>",
      description: `Lines before and after each match (0-${SEARCH_LIMITS.maxContext}, default ${SEARCH_LIMITS.defaultContext})`,
    },
    limit: {
      type: "string",
      value: "<n>",
      description: `Most matching lines (1-${SEARCH_LIMITS.maxMatches}, default ${SEARCH_LIMITS.defaultMatches})`,
    },
  },
  examples: [
    'opencode-ledger transcripts search "connection refused"',
    "opencode-ledger transcripts search --regex 'ERR_[A-Z_]+' --scope all --json",
  ],
  schema(z) {
    const s = shared(z);
    return z.strictObject({
      ...s.globals,
      scope: s.scope.refine((v) => v !== "global", "transcripts belong to projects; name a folder, or all"),
      session: z.string().regex(SESSION_ID, "is not a session id (ses_ followed by letters and digits)").optional(),
      regex: z.boolean().optional(),
      "case-sensitive": z.boolean().optional(),
      context: s.int(0, SEARCH_LIMITS.maxContext).default(SEARCH_LIMITS.defaultContext),
      limit: s.int(1, SEARCH_LIMITS.maxMatches).default(SEARCH_LIMITS.defaultMatches),
      _: z
        .array(z.string())
        .min(1, "give the text to search for")
        .transform((words) => words.join(" "))
        .pipe(
          z
            .string()
            .min(1, "give the text to search for")
            .max(MAX_QUERY_CHARS, `is longer than ${MAX_QUERY_CHARS} characters`),
        ),
    });
  },
  async run(input, ctx) {
    const { transcriptScopes } = await import("../transcript-scope.js");
    const { projectOf } = await import("../project.js");
    const { withServices } = await import("../open-services.js");
    const { scopes } = transcriptScopes(input.scope, ctx.cwd, ctx.env.HOME);
    return withServices(ctx, async ({ search }) => {
      const outcome = await search({
        query: input._,
        regex: input.regex,
        caseSensitive: input["case-sensitive"],
        scope: scopes?.[0] ?? projectOf(ctx.cwd),
        // A session id names its transcript wherever it is, as `transcripts read` does.
        all: scopes === undefined || input.session !== undefined,
        sessionID: input.session,
        contextLines: input.context,
        limit: input.limit,
        maxBytes: SEARCH_LIMITS.maxBytes,
      });
      if (ctx.json) {
        const { result, targets } = outcome;
        ctx.printJson({
          query: input._,
          engine: outcome.engine,
          scanned: targets.length,
          matches: result.matches,
          capped: result.capped,
          timedOut: result.timedOut,
          files: result.files.map((f) => {
            const t = targets[f.index];
            return { sessionID: t?.sessionID, file: t?.path, scope: t?.scope, title: t?.title, lines: f.hits.lines };
          }),
          unreadable: result.unreadable.map((u) => ({ file: targets[u.index]?.path, error: u.error })),
        });
      } else ctx.print(outcome.text);
      return EXIT.ok;
    });
  },
});
