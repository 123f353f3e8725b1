/**
 * When this process last listed the transcript folders of a scope (one project's, or every project's) and brought the
 * index up to date for what it found. Until LISTING_FRESH_MS later, a ranked search of that scope takes its
 * transcripts from the index's record, kept current by everything the plugin does to a transcript: the exporter
 * writes the store's catalog and the index in one step (an interrupted export is caught by comparing the two), the
 * cleanup removes a transcript from both. Only a transcript put into a folder by other means is left to the next
 * listing. A folder's modification time cannot stand in: each export renames its search sketch into the folder.
 */

/** How long a listing stands for its folders: bounds how long a transcript copied in by hand stays unsearched. */
export const LISTING_FRESH_MS = 10 * 60_000;

/** Every project's folders, as a key. */
const ALL = "";

export class ListingMarks {
  private readonly listed = new Map<string, number>();

  private readonly now: () => number;

  constructor(clock?: () => number) {
    this.now = clock ?? Date.now;
  }

  /** The time a listing starts: noted (`note`) once what it found is in the index. */
  take(): number {
    return this.now();
  }

  /** Notes a listing of one project's folder, or of every project's (`folder` undefined), started at `at`. */
  note(folder: string | undefined, at: number): void {
    const key = folder ?? ALL;
    if ((this.listed.get(key) ?? Number.NEGATIVE_INFINITY) < at) this.listed.set(key, at);
  }

  /** True when a listing of the folder (undefined: of every project's) started less than LISTING_FRESH_MS ago. */
  fresh(folder: string | undefined): boolean {
    const since = this.now() - LISTING_FRESH_MS;
    const all = this.listed.get(ALL) ?? Number.NEGATIVE_INFINITY;
    const own = folder === undefined ? all : Math.max(all, this.listed.get(folder) ?? Number.NEGATIVE_INFINITY);
    return own > since;
  }

  forget(): void {
    this.listed.clear();
  }
}
