/**
 * Where a command may write a file it is told to: never inside the data folder, where a name like `ledger.db` or
 * `search-index.db` would replace the store or the index with the command's output.
 */
import fs from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";

/** The real path of `file`: its folder's links resolved (as far as the folder exists), its own name kept. */
function realFolderPath(file: string): string {
  const rest: string[] = [];
  for (let at = file; ; at = path.dirname(at)) {
    try {
      return path.join(fs.realpathSync(at), ...rest.reverse());
    } catch {
      if (path.dirname(at) === at) return file;
      rest.push(path.basename(at));
    }
  }
}

export function refuseInsideDataDir(file: string, dataDir: string): void {
  const relative = path.relative(realFolderPath(dataDir), realFolderPath(file));
  if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))) {
    throw new InvalidInputError(
      "--output",
      `${file} is inside the data folder ${dataDir}, where it could replace the store, the index or a transcript; write it elsewhere`,
    );
  }
}
