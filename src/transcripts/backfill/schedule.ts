/**
 * The background backfill of a plugin start: once per process and data folder (OpenCode builds the plugin once per
 * project it serves), after `backfill.delayMs`, on a timer that never keeps the process alive. The backfill code and
 * the database driver load only then, so OpenCode's own start pays nothing for it. Never throws; the log says what
 * happened.
 */

import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import type { BackfillOutcome } from "./backfill.js";
import { isOpencodesOwnDatabase, opencodeDatabasePath } from "./opencode-db.js";
import { processTurns, type TurnActivity } from "./turn-activity.js";

const scheduled = new Set<string>();

export interface ScheduledBackfill {
  /** Resolves with the outcome once the backfill ran (undefined: it could not start). */
  done: Promise<BackfillOutcome | undefined>;
}

/** Undefined when the backfill is off or already scheduled in this process for this data folder. */
export function scheduleBackfill(
  data: DataContext,
  env: NodeJS.ProcessEnv = process.env,
  turns: TurnActivity = processTurns,
): ScheduledBackfill | undefined {
  const options = data.options.backfill;
  if (!options.enabled || scheduled.has(data.options.dataDir)) return undefined;
  scheduled.add(data.options.dataDir);
  const done = new Promise<BackfillOutcome | undefined>((resolve) => {
    const timer = setTimeout(() => void start(data, env, turns).then(resolve), options.delayMs);
    timer.unref?.();
  });
  return { done };
}

async function start(
  data: DataContext,
  env: NodeJS.ProcessEnv,
  turns: TurnActivity,
): Promise<BackfillOutcome | undefined> {
  const options = data.options.backfill;
  const file = opencodeDatabasePath(env, options.database);
  try {
    const [{ runBackfill }, { createDatabaseSource }, fs] = await Promise.all([
      import("./backfill.js"),
      import("./database-source.js"),
      import("node:fs"),
    ]);
    if (!fs.existsSync(file)) {
      data.log.log("info", `backfill: no OpenCode database at ${file}; sessions reach transcripts as they go idle`);
      return undefined;
    }
    const source = await createDatabaseSource(file);
    try {
      const outcome = await runBackfill({
        data,
        source,
        cpuShare: options.cpuShare,
        maxSessionBytes: options.maxSessionMB * 1_048_576,
        turns,
        authoritative: isOpencodesOwnDatabase(file, env),
      });
      if (!outcome.ran) {
        data.log.log("info", `backfill: another process (pid ${outcome.heldBy.pid}) is doing it; this one skips it`);
      }
      return outcome;
    } finally {
      source.close();
    }
  } catch (error) {
    data.log.log("error", `backfill could not run: ${describeError(error)}`);
    return undefined;
  }
}
