/**
 * The backfill of a session holding one 30 MB line (a big paste) from OpenCode's own database: the transcript holds
 * the line whole, and the search index and sketch are made without holding it many times over. Peak resident memory
 * of the command under Node: 386 MB before the index read long lines by their head and tail and the sketch took a
 * line's grams a piece at a time, 267 MB after (a Node process with the store open is about 80 MB).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, NODE } from "../../helpers/cli.js";
import { createOpencodeDb } from "../../helpers/opencode-db.js";
import { writePeakProbe } from "../../helpers/peak-probe.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { tempDir } from "../../helpers/temp-dir.js";

describe("transcripts backfill: one 30 MB line", () => {
  it("is copied whole and indexed within a bounded peak of memory; a ranked search finds its last word", async () => {
    const root = tempDir();
    const db = await createOpencodeDb(path.join(root, "xdg", "opencode"));
    const session = new SessionBuilder("ses_backfilllong0001", "Long line", "/projects/demo");
    session.user(`${"pasted words of a long line ".repeat(30_000_000 / 28)} needlefound`);
    session.assistant((b) => b.text("ok"));
    db.add(session.data);
    db.close();
    // The child reports its own peak resident size when it exits (as the import test does).
    const probe = writePeakProbe(root);
    const env = { PATH: process.env.PATH, HOME: path.join(root, "home"), XDG_DATA_HOME: path.join(root, "xdg") };
    const dataDir = path.join(root, "data");
    const out = spawnSync(NODE, ["--require", probe, CLI, "--data-dir", dataDir, "transcripts", "backfill"], {
      env,
      encoding: "utf8",
    });
    expect(out.stdout).toMatch(/backfill done: 1 session exported of 1 .* 1 transcript indexed for search/);
    const peakMb = Number(/peak-rss (\d+)/.exec(out.stderr)?.[1]) / 1024;
    console.log(`[figures] backfill of one 30 MB line: peak resident ${peakMb.toFixed(0)} MB (Node)`);
    expect(peakMb).toBeGreaterThan(0);
    expect(peakMb, `peak resident ${peakMb.toFixed(0)} MB`).toBeLessThan(330);
    const found = spawnSync(
      NODE,
      [CLI, "--data-dir", dataDir, "transcripts", "search", "needlefound", "--scope", "all"],
      { env, encoding: "utf8", cwd: root },
    );
    expect(found.stdout).toContain("ses_backfilllong0001");
  }, 120_000);
});
