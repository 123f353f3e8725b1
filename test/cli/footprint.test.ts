/**
 * The plugin's footprint on disk, where the user looks: `stats` and `doctor` give the transcripts, the search index and
 * ledger.db (each with its WAL) and the sketches, beside OpenCode's own database, as the files' sizes add up.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diskFootprint, footprintText } from "../../src/cli/footprint.js";
import { GLOBAL_SCOPE } from "../../src/scope.js";
import { AGENT, cliFixture } from "../helpers/cli.js";
import { exportAll } from "../helpers/indexed-sessions.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { testDataContext } from "../helpers/transcripts.js";

/** Every file under `dir` whose name passes `keep`, summed. */
function sizes(dir: string, keep: (name: string) => boolean): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && keep(entry.name)) bytes += fs.statSync(full).size;
  }
  return bytes;
}

describe("the footprint on disk", () => {
  it("adds up the transcripts, sketches, search index and store with their WAL, beside OpenCode's database", async () => {
    const data = testDataContext();
    const dataDir = data.options.dataDir;
    await exportAll(data, [syntheticSession(3, "ses_footprint000001", 300).data]);
    await exportAll(data, [syntheticSession(2, "ses_footprint000002", 300).data]);
    // Both still open: their WAL holds what was written, and counts.
    const home = path.join(path.dirname(dataDir), "xdg");
    fs.mkdirSync(path.join(home, "opencode"), { recursive: true });
    fs.writeFileSync(path.join(home, "opencode", "opencode.db"), Buffer.alloc(300_000));
    fs.writeFileSync(path.join(home, "opencode", "opencode.db-wal"), Buffer.alloc(20_000));
    const f = diskFootprint(dataDir, { XDG_DATA_HOME: home });
    const transcripts = path.join(dataDir, "transcripts");
    expect(f.transcripts).toEqual({ files: 2, bytes: sizes(transcripts, (n) => n.endsWith(".md")) });
    expect(f.sketches).toBe(sizes(transcripts, (n) => n.endsWith(".sketch")));
    expect(f.sketches).toBeGreaterThan(0);
    expect(f.searchIndex).toBe(sizes(dataDir, (n) => n.startsWith("search-index.db")));
    expect(fs.statSync(path.join(dataDir, "search-index.db-wal")).size).toBeGreaterThan(0);
    expect(f.store).toBe(sizes(dataDir, (n) => n.startsWith("ledger.db")));
    expect(f.total).toBe(f.transcripts.bytes + f.sketches + f.searchIndex + f.store);
    expect(f.opencode).toEqual({ file: path.join(home, "opencode", "opencode.db"), bytes: 320_000 });
    expect(footprintText(f)).toMatch(
      /^[\d.]+ kB: transcripts [\d.]+ kB \(2 files\), search index [\d.]+ kB, ledger\.db [\d.]+ kB, sketches \d+ B; OpenCode's own database: 320\.0 kB \(.*opencode\.db\)$/,
    );
    data.searchIndex.close();
    data.database.close();
    expect(footprintText(diskFootprint(dataDir, { XDG_DATA_HOME: path.join(home, "none") }))).toMatch(
      /; OpenCode's own database not found here$/,
    );
  });

  it("stats and doctor say it", async () => {
    const f = cliFixture();
    await f.memory().save({ scope: GLOBAL_SCOPE, kind: "fact", title: "One", body: "an entry" }, AGENT);
    f.close();
    const opencodeDir = path.join(f.root, "home", ".local", "share", "opencode");
    fs.mkdirSync(opencodeDir, { recursive: true });
    fs.writeFileSync(path.join(opencodeDir, "opencode.db"), Buffer.alloc(1_000_000));
    const stats = f.run(["stats"]);
    expect(stats.stdout).toMatch(
      /^On disk: {2}[\d.]+ kB: transcripts 0 B \(0 files\), search index 0 B, ledger\.db [\d.]+ kB, sketches 0 B; OpenCode's own database: 1\.0 MB/m,
    );
    const json = f.run(["stats", "--json"]).json<{ footprint: { store: number; opencode: { bytes: number } } }>();
    expect(json.footprint.store).toBeGreaterThan(0);
    expect(json.footprint.opencode.bytes).toBe(1_000_000);
    const doctor = f.run(["doctor"]);
    expect(doctor.stdout).toMatch(/^ok\s+disk footprint\s+[\d.]+ kB: transcripts .*OpenCode's own database: 1\.0 MB/m);
  });
});
