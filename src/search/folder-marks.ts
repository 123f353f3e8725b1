/**
 * Which transcript files a folder holds changes only with the folder's own modification time (a file added, removed
 * or renamed). A ranked search lists the folders once, brings the index up to date for what it found, and notes the
 * folders' times; while they stay the same, the index's own record of the transcripts is the list, and a search costs
 * nothing per transcript. A time too recent to tell one change from the next (the clock's tick) is never noted.
 */
import fs from "node:fs";
import path from "node:path";

/** A folder changed this recently may change again within the same tick of its time stamp: it is not noted. */
const SETTLED_MS = 2_000;

function folderTime(dir: string): number | undefined {
  try {
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() ? stat.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

export class FolderMarks {
  private readonly marks = new Map<string, number>();
  /** Every project folder was listed at the transcripts folder's noted time. */
  private everyFolder = false;

  constructor(
    private readonly transcriptsDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The times of the folders, to be noted once what they held is in the index (`note`). */
  take(folders: readonly string[]): Map<string, number> | undefined {
    const taken = new Map<string, number>();
    for (const folder of ["", ...folders]) {
      const time = folderTime(path.join(this.transcriptsDir, folder));
      if (time === undefined) return undefined;
      taken.set(folder, time);
    }
    return taken;
  }

  /** Notes the times taken before a listing (of every project folder with `all`) whose transcripts are now indexed. */
  note(taken: Map<string, number> | undefined, all: boolean): void {
    if (!taken) return;
    const recent = this.now() - SETTLED_MS;
    const root = taken.get("");
    // Another set of project folders than the one every folder was listed at.
    if (root !== this.marks.get("")) this.everyFolder = false;
    let settled = true;
    for (const [folder, time] of taken) {
      if (time < recent) this.marks.set(folder, time);
      else {
        this.marks.delete(folder);
        settled = false;
      }
    }
    if (all && settled) this.everyFolder = true;
  }

  /**
   * True when the transcripts folder and the given project folders (every folder noted, with `all`) are as noted.
   * With `all`, the transcripts folder's own time tells a project folder added or removed.
   */
  unchanged(folders: readonly string[] | "all"): boolean {
    if (folders === "all" && !this.everyFolder) return false;
    const wanted = folders === "all" ? [...this.marks.keys()] : ["", ...folders];
    if (!this.marks.has("")) return false;
    for (const folder of wanted) {
      const noted = this.marks.get(folder);
      if (noted === undefined || folderTime(path.join(this.transcriptsDir, folder)) !== noted) return false;
    }
    return true;
  }

  forget(): void {
    this.marks.clear();
    this.everyFolder = false;
  }
}
