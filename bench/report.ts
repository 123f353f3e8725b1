/**
 * Shared by the benchmarks: medians, ratios and the section each one writes into BENCHMARKS.md
 * (through `bench/results/<name>.md`, assembled by `npm run bench`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_DIR = fileURLToPath(new URL("./results", import.meta.url));

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Milliseconds taken by `fn`, measured `runs` times (after one warm-up). */
export async function timeRuns(runs: number, fn: () => unknown | Promise<unknown>): Promise<number[]> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Writes the section of one benchmark. `name` is the file stem (`bench/<name>.bench.ts`); the section states the
 * command that reproduces it. A benchmark run with other settings writes a section of its own (`result`, the file
 * stem in bench/results, and the command that reproduces it).
 */
export function writeSection(
  name: string,
  title: string,
  body: string,
  variant?: { result: string; command: string },
): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const command = variant?.command ?? `npm run bench -- ${name}`;
  const text = `## ${title}\n\nReproduce: \`${command}\`\n\n${body.trim()}\n`;
  fs.writeFileSync(path.join(RESULTS_DIR, `${variant?.result ?? name}.md`), text);
  console.log(text);
}

/** One headline figure of a benchmark, for the summary at the top of BENCHMARKS.md. */
export interface Figure {
  /** What is measured, in a few words. */
  what: string;
  /** The measured value with its unit and its ratio against the baseline. */
  value: string;
  /** The target the requirement sets, if any. */
  target?: string;
  /** Whether the value meets the target (only with a target). */
  met?: boolean;
  /** A few words the verdict needs (e.g. the condition it was measured under). */
  note?: string;
}

/** Writes `bench/results/<name>.json`: the figures `npm run bench` lists in the summary table. */
export function writeFigures(name: string, figures: readonly Figure[]): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify({ name, figures }, null, 2)}\n`);
}

/** The one-minute load average, for sections to state how busy the machine was (it moves every figure). */
export function loadAverage(): string {
  return (os.loadavg()[0] ?? 0).toFixed(2);
}
