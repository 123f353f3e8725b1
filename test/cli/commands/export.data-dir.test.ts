/** `export -o` never writes inside the data folder: the store, the index and the transcripts stay as they were. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT, cliFixture } from "../../helpers/cli.js";

describe("export -o inside the data folder", () => {
  it("is refused (exit 1) for the store's own name, a new name and a path through a link; nothing is replaced", async () => {
    const f = cliFixture();
    await f.memory().save({ scope: f.project, kind: "fact", title: "Keep me", body: "the body" }, AGENT);
    f.close();
    const store = path.join(f.dataDir, "ledger.db");
    const before = fs.readFileSync(store);
    const viaLink = path.join(f.root, "to-data");
    fs.symlinkSync(f.dataDir, viaLink);
    for (const target of [store, path.join(f.dataDir, "new.jsonl"), path.join(viaLink, "ledger.db"), f.dataDir]) {
      const r = f.run(["export", "-o", target]);
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toContain("is inside the data folder");
    }
    expect(fs.readFileSync(store).equals(before)).toBe(true);
    expect(fs.existsSync(path.join(f.dataDir, "new.jsonl"))).toBe(false);
    const ok = f.run(["export", "-o", path.join(f.root, "out.jsonl")]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(f.run(["list"]).stdout).toContain("Keep me");
  });
});
