/**
 * The commit a project has checked out, for the audit rows of changes that came through the repository. Asked of
 * git without blocking the host's thread; no git, no repository or a slow answer simply means "not known".
 */
import { execFile } from "node:child_process";

const GIT_TIMEOUT_MS = 2_000;

export function headCommit(dir: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      "git",
      ["rev-parse", "--verify", "--quiet", "--short=12", "HEAD"],
      { cwd: dir, timeout: GIT_TIMEOUT_MS, windowsHide: true },
      (error, stdout) => {
        const commit = String(stdout).trim();
        resolve(!error && /^[0-9a-f]{7,40}$/.test(commit) ? commit : undefined);
      },
    );
  });
}
