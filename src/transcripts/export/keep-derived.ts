/**
 * What an export keeps beside its transcript, derived from it: the search sketch and the full-text index, brought up
 * to the file's end under the export lock (or later, by the backfill's second pass), and dropped to be made again from
 * the whole file when the file was changed by hand. Derived, so a failure is logged and the next export or ranked
 * search catches up from the same point.
 */
import path from "node:path";
import type { DataContext } from "../../data-context.js";
import { describeError } from "../../errors.js";
import { removeSketch } from "../sketch/file.js";
import { refreshSketch } from "../sketch/writer.js";
import type { ExportResult } from "./export-transcript.js";

/** The transcript an export wrote: its session and absolute path. */
export type ExportedFile = Pick<ExportResult, "sessionID" | "path">;

/**
 * Brings the search sketch and the full-text index of an exported transcript up to its end. Both are derived: a
 * failure is logged, and the next export or ranked search catches up from the same point.
 */
export async function keepDerived(data: DataContext, exported: ExportedFile): Promise<void> {
  keepSketch(data, exported);
  await keepIndex(data, exported);
}

/**
 * Indexes what this export (or an interrupted one before it) appended, still under the lock. The index is derived:
 * a failure is logged, and ranked searches index the rest later or fall back to the scan.
 */
async function keepIndex(data: DataContext, result: ExportedFile): Promise<void> {
  try {
    const relative = path.relative(data.transcriptsDir, result.path);
    const warning = await data.indexer.update({ sessionID: result.sessionID, path: result.path, relative });
    if (warning) data.log.log("warn", `transcript ${result.sessionID}: ${warning}`);
  } catch (error) {
    data.log.log("warn", `transcript ${result.sessionID}: search index not updated (${describeError(error)})`);
  }
}

/**
 * A file changed by hand differs from what its sketch and index were made of at any point, not only past their end:
 * both are dropped, and made again from the whole file just after.
 */
export async function startDerivedOver(data: DataContext, result: ExportedFile): Promise<void> {
  try {
    removeSketch(result.path);
    await data.indexer.forget(result.sessionID);
  } catch (error) {
    data.log.log("warn", `transcript ${result.sessionID}: search index not reset (${describeError(error)})`);
  }
}

/** Hashes what this export (or an interrupted one before it) appended into the transcript's search sketch. */
function keepSketch(data: DataContext, result: ExportedFile): void {
  try {
    const refresh = refreshSketch(result.path);
    if (refresh.restarted && refresh.restarted !== "missing") {
      data.log.log("warn", `transcript ${result.sessionID}: search sketch written again (${refresh.restarted})`);
    }
  } catch (error) {
    data.log.log(
      "warn",
      `transcript ${result.sessionID}: search sketch not updated (${describeError(error)}); searches read the rest of the transcript`,
    );
  }
}
