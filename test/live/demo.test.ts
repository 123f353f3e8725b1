/**
 * `npm run demo` as a person runs it (the script the npm script runs, under OpenCode's runtime), asked to keep its
 * HOME: every step passes, step 1 says in words what the backfill did (no log line), and the end names the kept
 * folder, which holds the store and the transcripts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPENCODE_BIN, REPO_ROOT } from "./live-home.js";

describe("the demo", () => {
  it("keeps its HOME on request and says where; step 1 is plain words", () => {
    const run = spawnSync(OPENCODE_BIN, ["run", path.join(REPO_ROOT, "scripts", "demo.ts")], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...process.env, BUN_BE_BUN: "1", LEDGER_DEMO_KEEP: "1" },
      timeout: 240_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    const kept = /The HOME is kept in (\S+):/.exec(out)?.[1];
    try {
      expect(run.status, out).toBe(0);
      const step1 = out.slice(out.indexOf("1. "), out.indexOf("2. "));
      expect(step1).toMatch(/copied \d+ of its \d+ sessions into transcripts \(\d+ lines; \d+ already current\)/);
      expect(step1).not.toMatch(/backfill done:|"level"|\[info\]/);
      expect(out).not.toMatch(/Not found\.|not in that window|was not found|is missing from it|skipped:/);
      expect(kept).toBeDefined();
      const dataDir = /the store and the transcripts: (\S+)/.exec(out)?.[1] as string;
      expect(dataDir.startsWith(kept as string)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "ledger.db"))).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, "transcripts")).length).toBeGreaterThan(0);
      expect(out).toContain(`remove: rm -rf ${kept}`);
    } finally {
      if (kept?.includes("ledger-live-")) fs.rmSync(kept, { recursive: true, force: true });
    }
  }, 300_000);
});
