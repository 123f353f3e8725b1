/**
 * `opencode-ledger transcripts backfill`, the real built tool against a database shaped like OpenCode's: a --json
 * summary, a progress bar, the sessions then found by `transcripts search`, and every refusal with its reason.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leaseFile } from "../../../src/transcripts/backfill/backfill-lease.js";
import { cliFixture } from "../../helpers/cli.js";
import { createOpencodeDb, storedSession } from "../../helpers/opencode-db.js";

async function withOpencode(count: number) {
  const f = cliFixture();
  const xdg = path.join(f.root, "xdg");
  const fake = await createOpencodeDb(path.join(xdg, "opencode"));
  for (let n = 0; n < count; n++) {
    const session = storedSession(2, `ses_clibackfill${String(n).padStart(4, "0")}`);
    const first = session.messages[0]?.parts[0];
    if (first?.type === "text") first.text = `needle-${n} in a session that never compacted`;
    fake.add(session, { updated: 1_000 + n, worktree: f.project });
  }
  fake.close();
  return { f, env: { XDG_DATA_HOME: xdg }, file: fake.file };
}

describe("transcripts backfill", () => {
  it("exports every session and prints a --json summary; search then finds them", async () => {
    const { f, env, file } = await withOpencode(4);
    const out = f.run(["transcripts", "backfill", "--json"], { env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.json()).toMatchObject({
      ran: true,
      database: file,
      total: 4,
      done: 4,
      exported: 4,
      skipped: 0,
      indexing: { total: 4, done: 4 },
    });
    // Ranked: the second pass indexed them, so the search has nothing left to index.
    const ranked = f.run(["transcripts", "search", "never compacted", "--scope", "all", "--json"]);
    expect(ranked.code, ranked.stderr).toBe(0);
    expect(ranked.stdout).toContain("needle-");
    const found = f.run(["transcripts", "search", "needle-2", "--scope", "all", "--json"]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain("needle-2 in a session that never compacted");
    const again = f.run(["transcripts", "backfill"], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /^backfill done: 0 sessions exported of 4 from OpenCode's database .*; 4 already current;/,
    );
  }, 60_000);

  it("draws a progress bar on stderr with --progress", async () => {
    const { f, env } = await withOpencode(3);
    const out = f.run(["transcripts", "backfill", "--progress"], { env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain("backfill [########################] 3/3 sessions");
    expect(out.stderr).toContain("indexing [########################] 3/3 transcripts");
  }, 60_000);

  it("refuses without a database, while another process backfills, and with a bad --cpu", async () => {
    const { f, env } = await withOpencode(1);
    const missing = f.run(["transcripts", "backfill", "--database", path.join(f.root, "none.db")], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no OpenCode database at ${path.join(f.root, "none.db")}`);
    const lease = leaseFile(path.join(f.dataDir, "transcripts"));
    fs.mkdirSync(path.dirname(lease), { recursive: true });
    // The test runner is a live process other than the tool: its lease is honoured.
    fs.writeFileSync(lease, `${process.pid} ${Date.now()} other`);
    const held = f.run(["transcripts", "backfill", "--json"], { env });
    expect(held.code).toBe(1);
    expect(held.json()).toMatchObject({ ran: false, heldBy: { pid: process.pid } });
    const bad = f.run(["transcripts", "backfill", "--cpu", "2"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("must be at most 1");
  }, 60_000);
});
