/**
 * `import`: reads JSON Lines as `export` writes them. Every line goes through the field limits and the secret guard
 * of a save; refused lines are reported one by one and the rest is imported. Never overwrites: an id already here with
 * the same content counts as present (so an import can be run again), with other content it is refused, and so is a
 * live title that another entry of the scope already holds.
 */
import { PROGRESS_FLAG } from "../args.js";
import { defineCommand, EXIT } from "../command.js";

const BATCH = 500;
/** Refused lines listed one by one; the rest are counted (a huge wrong file must not fill memory or the screen). */
const REFUSALS_SHOWN = 100;
/** Entries held back until the entry that supersedes them is in; past this many, one is refused at once. */
const MAX_WAITING = 10_000;
/** Progress is shown at least every this many lines, also while nothing lands. */
const PROGRESS_LINES = 10_000;

interface Refusal {
  line: number;
  id?: string;
  code: string;
  message: string;
}
/** Longer lines cannot be an entry (a body is at most 8,000 characters); they are refused without parsing. */
const MAX_LINE_CHARS = 200_000;

export const command = defineCommand({
  name: "import",
  description:
    "Reads entries from a JSON Lines file written by export (or - for stdin) into the store, keeping their ids, status, links, times and source. Each line passes the same checks as a save: field limits, one-line titles, no expiry in the past, and the secret guard on every field. A refused line is reported with its number and reason, and the other lines are still imported. An id that already exists with identical content is counted as present (running an import twice changes nothing); with different content it is refused and the store's copy is kept; a live entry whose scope and title another live entry holds is refused. Changes are recorded as made by the cli, with the reason \"imported\". Team entries (in a backup of a whole store) are skipped and counted: team memory lives in each project's .opencode/memory/team.jsonl; an entry a team entry superseded keeps its link. Exit code 1 when any line was refused.",
  positionals: [{ name: "file", description: "The JSON Lines file, or - for stdin", required: true }],
  flags: { ...PROGRESS_FLAG },
  examples: [
    "opencode-ledger import memory.jsonl",
    "opencode-ledger export --scope global | opencode-ledger --data-dir /tmp/copy import -",
  ],
  schema: (z, s) =>
    s.input({
      progress: s.progress,
      _: s.one(z.string().min(1, "name a file, or - for stdin"), "give one file, or - for stdin"),
    }),
  async run(input, ctx) {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { streamLines } = await import("../stream-lines.js");
    const { describeError, InvalidInputError, LedgerError } = await import("../../errors.js");
    const { cleanTransferEntry, importEntries } = await import("../../store/memory-transfer.js");
    const { withMemory, CLI_ACTOR } = await import("../open-store.js");
    const { progress } = await import("../progress.js");
    const { findSecret } = await import("../../secret-guard/secret-guard.js");
    const source = input._;
    const file = source === "-" ? undefined : path.resolve(ctx.cwd, source);
    if (file !== undefined && !fs.existsSync(file)) throw new InvalidInputError("<file>", `${file} does not exist`);
    const stream = file === undefined ? ctx.stdin : fs.createReadStream(file, { encoding: "utf8" });
    const { entryLineSchema } = await import("../../store/entry-line.js");
    const lineSchema = entryLineSchema();
    // Memory must not grow with the number of refused lines: the first ones are kept to be shown, the rest counted.
    const refused: Refusal[] = [];
    let refusedCount = 0;
    const refuse = (r: Refusal) => {
      refusedCount++;
      if (refused.length < REFUSALS_SHOWN) refused.push(r);
    };
    let imported = 0;
    let present = 0;
    // Team entries live in their project's file (its repository); a whole store's backup holds them, and they are
    // counted and left alone, never refused.
    let teamSkipped = 0;
    // Their ids: an entry of the store that a team entry superseded keeps its link (the project's file holds the target).
    const teamIds = new Set<string>();
    const { teamProject } = await import("../../scope.js");
    let lineNo = 0;
    const bar = progress(ctx, "import");
    type Item = { line: number; entry: import("../../store/memory-transfer.js").TransferEntry };
    await withMemory(ctx, async ({ database }) => {
      let batch: Item[] = [];
      // Entries superseded by one further down the file, given again once more of it is in.
      let waiting: Item[] = [];
      const submit = async (items: Item[], waitForLinks: boolean): Promise<number> => {
        let landed = 0;
        for (const r of await importEntries(database, items, CLI_ACTOR, Date.now(), waitForLinks, teamIds)) {
          if ("waiting" in r) {
            if (waiting.length < MAX_WAITING) waiting.push({ line: r.line, entry: r.waiting });
            else {
              const { MissingLinkError } = await import("../../store/memory-transfer.js");
              const error = new MissingLinkError(r.id, r.waiting.supersededBy ?? "");
              refuse({ line: r.line, id: r.id, code: error.code, message: error.message });
            }
          } else if ("error" in r) refuse({ line: r.line, id: r.id, ...r.error });
          else {
            landed++;
            if (r.outcome === "imported") imported++;
            else present++;
          }
        }
        return landed;
      };
      const flush = async () => {
        const landed = await submit(batch, true);
        batch = [];
        if (landed > 0 && waiting.length > 0) {
          const again = waiting;
          waiting = [];
          await submit(again, true);
        }
        bar.update(lineNo);
      };
      const now = Date.now();
      for await (const text of streamLines(stream, MAX_LINE_CHARS)) {
        lineNo++;
        if (lineNo % PROGRESS_LINES === 0) bar.update(lineNo);
        if (typeof text !== "string") {
          const error = new InvalidInputError("line", `is over ${MAX_LINE_CHARS} characters; no entry is that long`);
          refuse({ line: lineNo, code: error.code, message: describeError(error) });
          continue;
        }
        if (text.trim() === "") continue;
        try {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            throw new InvalidInputError("line", "is not JSON");
          }
          const parsed = lineSchema.safeParse(json);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            // zod repeats an unknown key as it is, and a key can be a pasted token: only a field-like name is shown.
            const message =
              issue?.code === "unrecognized_keys"
                ? `has an unknown key (${
                    issue.keys
                      .filter((k) => /^[A-Za-z][A-Za-z_]{0,31}$/.test(k) && findSecret(k) === undefined)
                      .map((k) => `"${k}"`)
                      .join(", ") || "not shown: not a field name"
                  })`
                : (issue?.message ?? "is not an entry");
            throw new InvalidInputError(issue?.path.join(".") || "line", message);
          }
          if (teamProject(parsed.data.scope.trim()) !== undefined) {
            teamSkipped++;
            const id = parsed.data.id;
            if (teamIds.size < MAX_WAITING && /^[A-Za-z0-9_-]{1,64}$/.test(id)) teamIds.add(id);
            continue;
          }
          batch.push({ line: lineNo, entry: cleanTransferEntry(parsed.data, now) });
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          const id = idOf(text, findSecret);
          refuse({ line: lineNo, ...(id ? { id } : {}), code: error.code, message: describeError(error) });
        }
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      // Chains land one link per round; what still waits when a round lands nothing names no entry: refused.
      while (waiting.length > 0) {
        const again = waiting;
        waiting = [];
        if ((await submit(again, true)) === 0) {
          waiting = [];
          await submit(again, false);
        }
      }
    });
    bar.done();
    refused.sort((a, b) => a.line - b.line);
    const leftOut = refusedCount - refused.length;
    if (ctx.json) {
      ctx.printJson({
        source: file ?? "-",
        lines: lineNo,
        imported,
        present,
        refusedCount,
        refused,
        refusedLeftOut: leftOut,
        teamSkipped,
      });
    } else {
      for (const r of refused) ctx.note(`line ${r.line}${r.id ? ` (${r.id})` : ""}: ${r.message}`);
      if (leftOut > 0)
        ctx.note(`... and ${leftOut} more refused line(s), not listed; fix the ones above and import again`);
      const lines =
        refused.length > 0
          ? ` (line${refused.length === 1 ? "" : "s"} ${refused.map((r) => r.line).join(", ")}${leftOut > 0 ? ", ..." : ""})`
          : "";
      ctx.print(`Imported ${imported}, already present ${present}, refused ${refusedCount}${lines}.`);
      if (teamSkipped > 0) {
        const { plural } = await import("../../human-units.js");
        ctx.print(
          `${plural(teamSkipped, "team entry", "team entries")} skipped: team memory lives in each project's .opencode/memory/team.jsonl, which its repository keeps.`,
        );
      }
    }
    return refusedCount > 0 ? EXIT.failure : EXIT.ok;
  },
});

/** The id of a refused line, to help find it; never one that looks like a credential (it is printed). */
function idOf(text: string, findSecret: (text: string) => string | undefined): string | undefined {
  const id = /"id"\s*:\s*"([A-Za-z0-9_-]{1,64})"/.exec(text)?.[1];
  return id !== undefined && findSecret(id) === undefined ? id : undefined;
}
