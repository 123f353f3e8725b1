/**
 * How the backfill paces its work: in short slices, resting between them for turns and for its share of a core, so
 * that it shares OpenCode's thread without holding it up.
 */

import type { BackfillRequest } from "./backfill.js";

/**
 * Work is done in slices of about this much time; the rest for the CPU share and for turns comes between slices. In
 * the second pass a slice is one index transaction (one FTS5 segment and one commit for several transcripts), so the
 * index's write lock is never held across a rest. Short, because the backfill shares OpenCode's thread: a request
 * that arrives during a slice (a session created, a prompt on its way to its turn) waits for it, at each of its own
 * steps. With slices of 100 ms, the first prompt as the backfill began was 300 ms slower; with these, and the rest
 * after a session's events (turn-activity.ts), a prompt sent while it runs is not (BENCHMARKS.md, backfill-start).
 */
const SLICE_MS = 25;
/** How often a backfill resting for a turn looks again. */
const TURN_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `step(0)` … `step(count - 1)` in slices of about SLICE_MS, each slice inside `slice` (a transaction around it,
 * or nothing), reporting after each step. Before each slice it waits while a turn runs; after it, it rests for the
 * CPU share. A slice ends early when a turn starts or the run is aborted; a macrotask between steps keeps the host's
 * events (a turn starting) from being held up by a slice.
 */
export async function inSlices(
  request: BackfillRequest,
  report: () => void,
  count: number,
  step: (index: number) => Promise<void>,
  slice: (run: () => Promise<void>) => Promise<void> = (run) => run(),
): Promise<void> {
  for (let next = 0; next < count; ) {
    await restDuringTurns(request, report);
    if (request.signal?.aborted) return;
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const more = () =>
      next < count && performance.now() - began < SLICE_MS && !request.turns?.busy() && !request.signal?.aborted;
    await slice(async () => {
      do {
        await step(next++);
        report();
        if (more()) await new Promise((resolve) => setImmediate(resolve));
      } while (more());
    });
    // The work is the slice's wall time, or the process's CPU time in it when that is more (the runtime's own threads
    // collect what the slice allocated: counted by wall time alone, the second pass took 30% at a share of 25%).
    const cpu = process.cpuUsage(cpuBefore);
    const worked = Math.max(performance.now() - began, (cpu.user + cpu.system) / 1000);
    // Rest so that work / (work + rest) stays at the share; a macrotask at least, so turns are never starved.
    const rest = request.cpuShare >= 1 ? 0 : (worked * (1 - request.cpuShare)) / request.cpuShare;
    await sleep(Math.min(rest, 5_000));
  }
}

/** Waits while a turn runs, reporting (and so renewing the lease) as it waits: a long turn never looks like a stuck holder. */
async function restDuringTurns(request: BackfillRequest, report: () => void): Promise<void> {
  while (request.turns?.busy() && !request.signal?.aborted) {
    await sleep(TURN_POLL_MS);
    report();
  }
}
