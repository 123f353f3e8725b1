/**
 * The plugin follows its project's team file: once shortly after start (so a pull made while OpenCode was closed is
 * indexed and its bad lines logged), and whenever the file's folder changes on disk while it runs. Reads bring the
 * index in line by themselves; this only makes it happen, and get reported, without waiting for one.
 */
import fs from "node:fs";
import path from "node:path";
import { describeError } from "../errors.js";
import type { Logger } from "../log.js";
import type { TeamMemory } from "./team-memory.js";
import { teamFilePath } from "./team-path.js";

export const TEAM_START_DELAY_MS = 2_000;
/** A pull or a checkout writes the file in several steps; one read after they settle is enough. */
const SETTLE_MS = 300;

/** Starts following; returns a function that stops. Neither the timer nor the watcher keeps the process alive. */
export function followTeamFile(
  memory: Pick<TeamMemory, "syncTeam" | "database">,
  project: string,
  log: Logger,
  delayMs = TEAM_START_DELAY_MS,
): () => void {
  const file = teamFilePath(project);
  let watcher: fs.FSWatcher | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const sync = () => {
    memory.syncTeam(project).catch((error: unknown) => {
      log.log("warn", `team memory of ${project} not read: ${describeError(error)}`);
    });
  };
  const start = setTimeout(() => {
    if (fs.existsSync(file) || memory.database.exists()) sync();
    try {
      watcher = fs.watch(path.dirname(file), { persistent: false }, () => {
        clearTimeout(settle);
        settle = setTimeout(sync, SETTLE_MS);
        settle.unref?.();
      });
      watcher.on("error", () => watcher?.close());
    } catch {
      // No team folder yet: reads still follow the file once it appears.
    }
  }, delayMs);
  start.unref?.();
  return () => {
    clearTimeout(start);
    clearTimeout(settle);
    watcher?.close();
  };
}
