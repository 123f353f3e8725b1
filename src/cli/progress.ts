/**
 * Progress of long work on stderr (import, cleanup of many files): a line rewritten in place at a terminal, a plain
 * line every few seconds otherwise (`--progress` into a log). Silent unless the context asks for progress.
 */
import type { CliContext } from "./context.js";

export interface Progress {
  update(done: number, total?: number): void;
  done(): void;
}

const EVERY_MS = 2_000;

export function progress(ctx: CliContext, label: string, initialTotal?: number): Progress {
  if (!ctx.progress) return { update() {}, done() {} };
  const tty = ctx.stderr.isTTY === true;
  let last = 0;
  let current = 0;
  let total = initialTotal;
  const text = (n: number) => `${label}: ${n}${total !== undefined ? `/${total}` : ""}`;
  return {
    update(done, newTotal) {
      current = done;
      total = newTotal ?? total;
      const now = Date.now();
      if (tty) ctx.stderr.write(`\r${text(done)}`);
      else if (now - last >= EVERY_MS) {
        ctx.stderr.write(`${text(done)}\n`);
        last = now;
      }
    },
    done() {
      ctx.stderr.write(tty ? `\r${text(current)}\n` : `${text(current)} done\n`);
    },
  };
}
