/** A link at the search index's path is never followed: neither read, written, chmodded nor created through. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INDEX_FILE } from "../../../src/transcripts/index/search-index.js";
import { answered, exportAll } from "../../helpers/indexed-sessions.js";
import { tempDir } from "../../helpers/temp-dir.js";
import { testDataContext } from "../../helpers/transcripts.js";

describe("the search index file on disk", () => {
  it("never follows a link at its path: the file it names is untouched, a dangling one never created", async () => {
    const data = testDataContext();
    const file = path.join(data.options.dataDir, INDEX_FILE);
    const outside = tempDir("ledger-outside-");
    const target = path.join(outside, "target.db");
    fs.writeFileSync(target, "not yours\n", { mode: 0o644 });
    fs.chmodSync(target, 0o644);
    fs.mkdirSync(data.options.dataDir, { recursive: true });
    fs.symlinkSync(target, file);
    const [exported] = await exportAll(data, [answered("ses_linkedindex0001", "Where is it?", "In the index.")]);
    expect(fs.existsSync(exported?.path ?? "")).toBe(true);
    expect(fs.readFileSync(target, "utf8")).toBe("not yours\n");
    expect(fs.statSync(target).mode & 0o777).toBe(0o644);
    const health = await data.searchIndex.forReading();
    expect(health.usable).toBe(false);
    expect(health.usable ? "" : health.reason).toContain("is a symbolic link");

    fs.rmSync(target);
    data.searchIndex.close();
    await exportAll(data, [answered("ses_linkedindex0002", "And now?", "Still not there.")]);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});
