/**
 * Where a ranked search takes its transcripts from. While the folders in scope are as they were when last listed and
 * indexed (folder-marks.ts), from the index's own record, with the catalog's drift brought in first
 * (catalog-drift.ts): no listing, no per-transcript work. Otherwise from the listing, which is then indexed and, once
 * all of it is, noted so that the next search need not list again.
 */
import type { Database } from "../store/database.js";
import { scopeDirName } from "../transcripts/paths.js";
import { catalogDrift } from "./catalog-drift.js";
import type { FolderMarks } from "./folder-marks.js";
import type { IndexConnection } from "./index/index-connection.js";
import { IndexedFiles } from "./index/indexed-scope.js";
import type { RankedScope } from "./index/ranked-mode.js";
import { scopeFolders, type TranscriptFile } from "./targets.js";

export interface ScopeRequest {
  scope: string;
  all: boolean;
}

/** The project folders a search without a session covers: this project's, or every one ("all"). */
const foldersOf = (req: ScopeRequest): string[] | "all" => (req.all ? "all" : [scopeDirName(req.scope)]);

/** True when the ranked search can take its transcripts from the index without listing the folders. */
export function indexStandsForFolders(marks: FolderMarks, req: ScopeRequest): boolean {
  return marks.unchanged(foldersOf(req));
}

/** The folders' times, taken before they are listed: noted once what the listing found is indexed. */
export function takeMarks(marks: FolderMarks, transcriptsDir: string, req: ScopeRequest) {
  const folders = foldersOf(req);
  return marks.take(folders === "all" ? scopeFolders(transcriptsDir) : folders);
}

/** The scope of a search whose transcripts were listed (or of one session). */
export function listedScope(
  files: readonly TranscriptFile[],
  settled?: (complete: boolean) => void,
): () => Promise<RankedScope> {
  return async () => ({ catchUp: files, settled });
}

/** The scope of a search whose folders have not changed: the index's record of them, and the catalog's drift. */
export function indexedScope(
  marks: FolderMarks,
  transcriptsDir: string,
  database: Database | undefined,
  req: ScopeRequest,
): (connection: IndexConnection) => Promise<RankedScope> {
  return async (connection) => {
    const folders = foldersOf(req);
    const indexed = new IndexedFiles(
      connection,
      transcriptsDir,
      folders === "all" ? undefined : folders,
      req.all ? undefined : req.scope,
    );
    const drift = database
      ? await catalogDrift(database, transcriptsDir, req.all ? undefined : req.scope, indexed)
      : { files: [] };
    // A catch-up that could not index all of the drift: the next search lists the folders again.
    return { indexed, catchUp: drift.files, transcriptsDir, settled: (complete) => complete || marks.forget() };
  };
}
