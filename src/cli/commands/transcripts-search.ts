/**
 * `transcripts search <query>`: lines from transcripts, with line numbers and context, through the plugin's own
 * search: ranked from the full-text index by default, or exact (--mode literal / regex: ripgrep when there is one,
 * else the built-in scanner).
 */

import {
  CLI_ARG_NAMES,
  inOrder,
  isWhen,
  MAX_QUERY_CHARS,
  RANGE_MESSAGE,
  ROLE_FILTERS,
  SEARCH_LIMITS,
  WHEN_MESSAGE,
} from "../../search/limits.js";
import { DEFAULT_PROFILE } from "../../search/ranked/ranking-profile.js";
import { NOT_A_SESSION_ID, SESSION_ID } from "../../session-id.js";
import { defineCommand, EXIT } from "../command.js";
import { TRANSCRIPT_SCOPE_FLAG } from "./transcripts-list.js";

export const command = defineCommand({
  name: "transcripts search",
  description: `Searches transcripts. --mode ranked (the default) takes words or a question, with "quoted phrases" that must appear, and prints the best-matching lines first from the full-text search index (at most ${DEFAULT_PROFILE.sessions.perSession} per session), narrowed by --role, --since and --until; it falls back to the scan, and says so, when the index cannot answer. --mode literal prints every line containing the text, --mode regex (or --regex) every line matching a JavaScript regular expression, case-insensitive unless --case-sensitive, grouped per session, newest sessions first. Values that look like secrets are shown as [redacted: <kind>] unless --raw is given. Ranked hits name their session in a header and show lines as <line>: text (context <line>- text); the other modes as <file>:<line>: text (context <file>-<line>- text); a last line says what was searched and what was left out. The current project's transcripts by default; --scope all searches every project's, --session one session's (in any project).`,
  positionals: [
    {
      name: "query",
      description: "Words or a question (ranked), or the text or pattern to find within one line (literal, regex)",
      required: true,
      variadic: true,
    },
  ],
  flags: {
    ...TRANSCRIPT_SCOPE_FLAG,
    session: { type: "string", value: "<id>", description: "Search only this session's transcript" },
    mode: { type: "string", value: "<mode>", description: "ranked (default), literal or regex" },
    regex: { type: "boolean", description: "The query is a JavaScript regular expression (as --mode regex)" },
    role: {
      type: "string",
      value: "<role>",
      description: `Ranked: only lines of this kind (${ROLE_FILTERS.join(", ")})`,
    },
    since: { type: "string", value: "<date>", description: "Ranked: only messages from this ISO date or time on" },
    until: { type: "string", value: "<date>", description: "Ranked: only messages up to this ISO date or time" },
    "case-sensitive": { type: "boolean", description: "Match letter case exactly" },
    raw: { type: "boolean", description: "Print secrets as they are in the files instead of [redacted: <kind>]" },
    explain: {
      type: "boolean",
      description: "Ranked: under each hit's header, what each stage of the ranking gave its score",
    },
    context: {
      type: "string",
      value: "<n>",
      description: `Lines before and after each match (0-${SEARCH_LIMITS.maxContext}, default ${SEARCH_LIMITS.defaultContext})`,
    },
    limit: {
      type: "string",
      value: "<n>",
      description: `Most hits (1-${SEARCH_LIMITS.maxMatches}; default ${SEARCH_LIMITS.defaultHits} ranked, ${SEARCH_LIMITS.defaultMatches} matching lines literal or regex)`,
    },
  },
  examples: [
    "opencode-ledger transcripts search what did we decide about the rate limiter",
    'opencode-ledger transcripts search --mode literal "connection refused"',
    "opencode-ledger transcripts search --regex 'ERR_[A-Z_]+' --scope all --json",
  ],
  schema: (z, s) =>
    s
      .input({
        scope: s.scope.refine((v) => v !== "global", "transcripts belong to projects; name a folder, or all"),
        session: z.string().regex(SESSION_ID, NOT_A_SESSION_ID).optional(),
        mode: z.enum(["ranked", "literal", "regex"]).optional(),
        regex: z.boolean().optional(),
        role: z.enum(ROLE_FILTERS).optional(),
        since: z.string().refine(isWhen, WHEN_MESSAGE).optional(),
        until: z.string().refine(isWhen, WHEN_MESSAGE).optional(),
        "case-sensitive": z.boolean().optional(),
        raw: z.boolean().optional(),
        explain: z.boolean().optional(),
        context: s.int(0, SEARCH_LIMITS.maxContext).default(SEARCH_LIMITS.defaultContext),
        limit: s.int(1, SEARCH_LIMITS.maxMatches).optional(),
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
      })
      .refine((v) => inOrder(v.since, v.until), { path: ["until"], message: RANGE_MESSAGE }),
  async run(input, ctx) {
    const { transcriptScopes } = await import("../transcript-scope.js");
    const { projectOf } = await import("../project.js");
    const { withServices } = await import("../open-services.js");
    const { scopes } = transcriptScopes(input.scope, ctx.cwd, ctx.env.HOME);
    return withServices(ctx, async ({ search }) => {
      const outcome = await search({
        query: input._,
        mode: input.mode ?? (input.regex ? "regex" : "ranked"),
        regex: input.regex,
        role: input.role,
        since: input.since,
        until: input.until,
        caseSensitive: input["case-sensitive"],
        scope: scopes?.[0] ?? projectOf(ctx.cwd),
        // A session id names its transcript wherever it is, as `transcripts read` does.
        all: scopes === undefined || input.session !== undefined,
        sessionID: input.session,
        contextLines: input.context,
        limit: input.limit,
        maxBytes: SEARCH_LIMITS.maxBytes,
        redact: input.raw !== true,
        explain: input.explain,
        argNames: CLI_ARG_NAMES,
      });
      if (ctx.json && outcome.ranked) {
        ctx.printJson({
          query: input._,
          mode: "ranked",
          engine: outcome.engine,
          hits: outcome.ranked.hits.map((h) => ({
            sessionID: h.file.sessionID,
            file: h.file.path,
            scope: h.file.scope,
            title: h.file.title,
            role: h.role,
            tool: h.tool,
            time: h.time,
            line: h.line,
            score: h.score,
            ...(h.explain ? { explain: h.explain } : {}),
            lines: h.lines,
          })),
          cappedBySession: outcome.ranked.cappedBySession,
          summary: outcome.text.split("\n").at(-1),
        });
      } else if (ctx.json) {
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
