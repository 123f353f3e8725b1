/**
 * Commands that take several ids (forget, restore, purge) act on each one on its own: one unknown or refused id does
 * not stop the others, each gets its own line, and the exit code is 1 when any of them failed.
 */
import { describeError, LedgerError } from "../errors.js";
import type { EntryView } from "../store/memory-types.js";
import type { CliContext } from "./context.js";

export interface IdOutcome {
  id: string;
  ok: boolean;
  entry?: EntryView;
  error?: { code: string; message: string };
}

export async function eachId(ids: readonly string[], act: (id: string) => Promise<EntryView>): Promise<IdOutcome[]> {
  const outcomes: IdOutcome[] = [];
  for (const id of new Set(ids)) {
    try {
      outcomes.push({ id, ok: true, entry: await act(id) });
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      outcomes.push({ id, ok: false, error: { code: error.code, message: describeError(error) } });
    }
  }
  return outcomes;
}

/** Prints the outcomes (a line each, failures on stderr) or the JSON document; returns the exit code. */
export function reportIds(
  ctx: CliContext,
  outcomes: readonly IdOutcome[],
  verb: string,
  extra: Record<string, unknown> = {},
): number {
  const failed = outcomes.filter((o) => !o.ok).length;
  if (ctx.json) {
    ctx.printJson({ ...extra, ok: failed === 0, results: outcomes });
  } else {
    for (const o of outcomes) {
      if (o.ok && o.entry) ctx.print(`${verb} ${o.id} "${o.entry.title}".`);
      else if (o.error) ctx.note(o.error.message);
    }
  }
  return failed > 0 ? 1 : 0;
}
