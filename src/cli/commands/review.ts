/**
 * `review`: walks the candidate entries one at a time and asks what to do with each: approve (active), reject (with a
 * reason, kept in the audit log), skip, or quit. Answers are read line by line from stdin, so a script can drive it.
 * Decisions are recorded as a person's (actor kind "person").
 */
import { SCOPE_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";
import type { LineReader } from "../prompt.js";

const HELP_LINE = "Answer a (approve: make it active), r (reject, with a reason), s (skip), q (quit).";

export const command = defineCommand({
  name: "review",
  description: `Walks the candidates (entries waiting for a person's review, e.g. saved by an agent with agentSaves = "candidate") one by one, oldest first. ${HELP_LINE} Answers are read from stdin one line each, so answers can be piped in; the end of input quits. Every decision goes into the audit log as made by a person.`,
  positionals: [],
  flags: {
    ...SCOPE_FLAG,
    kind: { type: "string", value: "<kind>", description: "Only candidates of this kind" },
  },
  examples: ["opencode-ledger review", "printf 'a\\nr\\nduplicate of the deploy note\\nq\\n' | opencode-ledger review"],
  schema: (z, s) =>
    s.input({
      scope: s.scope,
      kind: z.string().trim().min(1, "must not be empty").optional(),
      _: z.array(z.string()).max(0, "review takes no arguments"),
    }),
  async run(input, ctx) {
    const { resolveScopes } = await import("../project.js");
    const { withMemory, PERSON_ACTOR } = await import("../open-store.js");
    const { entryBlock } = await import("../entry-text.js");
    const { lineReader } = await import("../prompt.js");
    const { LedgerError } = await import("../../errors.js");
    const { scopes, label } = resolveScopes(input.scope, ctx.cwd, ctx.env.HOME);
    // With --json, stdout carries only the final document: the conversation goes to stderr.
    const talk = ctx.json ? ctx.stderr : ctx.stdout;
    const say = (text: string) => talk.write(`${text}\n`);
    const outcome = {
      approved: [] as string[],
      rejected: [] as { id: string; reason: string }[],
      skipped: [] as string[],
      changedMeanwhile: [] as string[],
      refused: [] as { id: string; error: string }[],
      unreviewed: [] as string[],
    };
    await withMemory(ctx, async ({ memory }) => {
      const candidates = [];
      for (let offset = 0; ; ) {
        const page = await memory.list({ scopes, status: "candidate", kind: input.kind, limit: 1000, offset });
        candidates.push(...page.items);
        offset += page.items.length;
        if (page.items.length === 0 || offset >= page.total) break;
      }
      candidates.reverse(); // list is newest first; review the oldest first
      if (candidates.length === 0) {
        say(`No candidates to review. Scope: ${label}.`);
        return;
      }
      say(`${candidates.length} candidate${candidates.length === 1 ? "" : "s"} to review. Scope: ${label}.`);
      say(HELP_LINE);
      const reader = lineReader(ctx.stdin, talk);
      try {
        let quit = false;
        for (const [index, candidate] of candidates.entries()) {
          if (quit) {
            outcome.unreviewed.push(candidate.id);
            continue;
          }
          say(`\n[${index + 1}/${candidates.length}]`);
          say(entryBlock(candidate, ctx));
          const decision = await decide(reader, say);
          if (decision.kind === "quit") {
            quit = true;
            outcome.unreviewed.push(candidate.id);
            continue;
          }
          if (decision.kind === "skip") {
            outcome.skipped.push(candidate.id);
            continue;
          }
          // Someone (an agent, another review) may have changed it while this one was on screen.
          const now = await memory.get(candidate.id);
          if (now?.status !== "candidate" || now.trashedAt !== null) {
            outcome.changedMeanwhile.push(candidate.id);
            say(
              `${candidate.id} changed meanwhile (${now ? (now.trashedAt ? "trashed" : now.status) : "purged"}); left as it is.`,
            );
            continue;
          }
          try {
            if (decision.kind === "approve") {
              await memory.setStatus(candidate.id, { status: "active" }, PERSON_ACTOR);
              outcome.approved.push(candidate.id);
              say(`Approved ${candidate.id}: it is active.`);
            } else {
              await memory.setStatus(candidate.id, { status: "rejected", reason: decision.reason }, PERSON_ACTOR);
              outcome.rejected.push({ id: candidate.id, reason: decision.reason });
              say(`Rejected ${candidate.id}.`);
            }
          } catch (error) {
            // A refused decision (a reason holding a secret, a reason too long) leaves the entry a candidate.
            if (!(error instanceof LedgerError)) throw error;
            outcome.refused.push({ id: candidate.id, error: error.message });
            say(`${error.message}\n${candidate.id} stays a candidate.`);
          }
        }
      } finally {
        reader.close();
      }
      say(
        `\nApproved ${outcome.approved.length}, rejected ${outcome.rejected.length}, skipped ${outcome.skipped.length}` +
          `${outcome.changedMeanwhile.length ? `, ${outcome.changedMeanwhile.length} changed meanwhile` : ""}` +
          `${outcome.refused.length ? `, ${outcome.refused.length} refused` : ""}; ${outcome.unreviewed.length} not reviewed.`,
      );
    });
    if (ctx.json) ctx.printJson({ scopes: scopes ?? "all", ...outcome });
    return EXIT.ok;
  },
});

type Decision = { kind: "approve" } | { kind: "reject"; reason: string } | { kind: "skip" } | { kind: "quit" };

const ANSWERS: Record<string, Decision["kind"]> = {
  a: "approve",
  approve: "approve",
  y: "approve",
  r: "reject",
  reject: "reject",
  s: "skip",
  skip: "skip",
  q: "quit",
  quit: "quit",
};

async function decide(reader: LineReader, say: (text: string) => void): Promise<Decision> {
  for (;;) {
    const line = await reader.ask("approve, reject, skip or quit? [a/r/s/q] ");
    if (line === undefined) return { kind: "quit" };
    const kind = ANSWERS[line.trim().toLowerCase()];
    if (kind === undefined) {
      say(`"${line.trim().slice(0, 20)}" is not an answer. ${HELP_LINE}`);
      continue;
    }
    if (kind !== "reject") return { kind } as Decision;
    const reason = await reader.ask("reason for rejecting (one line; empty to go back): ");
    if (reason === undefined) return { kind: "quit" };
    if (reason.trim() !== "") return { kind: "reject", reason: reason.trim() };
  }
}
