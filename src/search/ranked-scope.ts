/**
 * Where a ranked search takes its transcripts from. While this process listed the scope's folders lately
 * (listing-marks.ts), from the index's own record of them, with the catalog's drift brought in first
 * (catalog-drift.ts): no listing, no per-transcript work. Otherwise from the listing, which is then indexed and, once
 * all of it is, noted so that the next searches need not list again.
 */
import type { Database } from "../store/database.js";
import type { IndexRows } from "../transcripts/index/index-reader.js";
import type { TranscriptFile } from "../transcripts/listing.js";
import { scopeDirName } from "../transcripts/paths.js";
import { catalogDrift } from "./catalog-drift.js";
import type { ListingMarks } from "./listing-marks.js";
import { IndexedFiles } from "./ranked/indexed-scope.js";
import type { RankedScope } from "./ranked/ranked-mode.js";

export interface ScopeRequest {
  scope: string;
  all: boolean;
}

/** The project folder a search without a session covers; undefined: every one. */
const folderOf = (req: ScopeRequest): string | undefined => (req.all ? undefined : scopeDirName(req.scope));

/** True when the ranked search can take its transcripts from the index without listing the folders. */
export function indexStandsForFolders(marks: ListingMarks, req: ScopeRequest): boolean {
  return marks.fresh(folderOf(req));
}

/** The scope of a search whose transcripts were listed (or of one session's), noted as listed once indexed. */
export function listedScope(
  files: readonly TranscriptFile[],
  settled?: (complete: boolean) => void,
): () => Promise<RankedScope> {
  return async () => ({ catchUp: files, settled });
}

/** Notes the listing of the request's folders, started at `at`, once all it found is indexed. */
export function noteListing(marks: ListingMarks, req: ScopeRequest, at: number) {
  return (complete: boolean) => {
    if (complete) marks.note(folderOf(req), at);
  };
}

/** The scope of a search whose folders were listed lately: the index's record of them, and the catalog's drift. */
export function indexedScope(
  marks: ListingMarks,
  transcriptsDir: string,
  database: Database | undefined,
  req: ScopeRequest,
): (connection: IndexRows) => Promise<RankedScope> {
  return async (connection) => {
    const folder = folderOf(req);
    const indexed = new IndexedFiles(
      connection,
      transcriptsDir,
      folder === undefined ? undefined : [folder],
      req.all ? undefined : req.scope,
    );
    const drift = database
      ? await catalogDrift(database, transcriptsDir, req.all ? undefined : req.scope, indexed)
      : { files: [] };
    // A catch-up that could not index all of the drift: the next search lists the folders again.
    return { indexed, catchUp: drift.files, transcriptsDir, settled: (complete) => complete || marks.forget() };
  };
}
