/**
 * The command has no log file: the sessions a backfill skips are named on stderr with their reasons, and its summary
 * points there, not at a log no one can read. From a database that is not OpenCode's own, nothing is removed.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliFixture } from "../../helpers/cli.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";

describe("transcripts backfill, skipped sessions and other databases", () => {
  it("names each skipped session with its reason on stderr; the summary says the reasons are above", async () => {
    const f = cliFixture();
    const xdg = path.join(f.root, "xdg");
    const fake = await createOpencodeDb(path.join(xdg, "opencode"));
    fake.add(storedSession(2, "ses_clismall00000001"), { updated: 1_000, worktree: f.project });
    fake.add(storedSession(40, "ses_clibig000000001", 60_000), { updated: 2_000, worktree: f.project });
    fake.close();
    const out = f.run(["transcripts", "backfill", "--max-session-mb", "1"], { env: { XDG_DATA_HOME: xdg } });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain("backfill: skipped ses_clibig000000001: ");
    expect(out.stdout).toContain("1 skipped (reasons above)");
    expect(out.stdout).not.toContain("in the log");
  }, 180_000);
});
