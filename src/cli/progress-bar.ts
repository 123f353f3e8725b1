/**
 * A progress bar on stderr for work of known size ("backfill [########------------] 120/2,000 sessions"): redrawn in
 * place at a terminal, a plain line every few seconds otherwise (`--progress` into a log). Silent unless the context
 * asks for progress.
 */
import { grouped } from "../human-units.js";
import type { CliContext } from "./context.js";

export interface ProgressBar {
  update(done: number, total: number): void;
  done(): void;
}

const WIDTH = 24;
const EVERY_MS = 2_000;

export function barText(label: string, done: number, total: number, unit: string): string {
  const filled = total > 0 ? Math.min(WIDTH, Math.round((done / total) * WIDTH)) : WIDTH;
  return `${label} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${grouped(done)}/${grouped(total)} ${unit}`;
}

export function progressBar(ctx: CliContext, label: string, unit: string): ProgressBar {
  if (!ctx.progress) return { update() {}, done() {} };
  const tty = ctx.stderr.isTTY === true;
  let last = 0;
  let text = "";
  return {
    update(done, total) {
      text = barText(label, done, total, unit);
      const now = Date.now();
      if (tty) ctx.stderr.write(`\r${text}`);
      else if (now - last >= EVERY_MS) {
        ctx.stderr.write(`${text}\n`);
        last = now;
      }
    },
    done() {
      if (text) ctx.stderr.write(tty ? `\r${text}\n` : `${text}\n`);
    },
  };
}
