/**
 * Doctor's store checks that the purge relies on: a term of a deleted entry kept in the full-text index's segment
 * table is reported, and `doctor --fix` rewrites the index so none is left, raw bytes checked.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connect } from "../../src/store/driver.js";
import { AGENT, cliFixture } from "../helpers/cli.js";
import { storeBytes } from "../helpers/memory.js";

const STEM = "zqvorn";

function bigBody(chars: number): string {
  const words: string[] = [];
  for (let i = 0; words.join(" ").length < chars; i++) words.push(`${STEM}${i.toString(36)}pelt`);
  return words.join(" ");
}

interface Report {
  findings: { check: string; status: string; detail: string; fix?: string }[];
  fixed: string[];
}

describe("doctor: terms of deleted entries in the full-text index", () => {
  it("reports a word kept as a segment separator after a delete that skipped compaction, and --fix removes it", async () => {
    const f = cliFixture();
    const m = f.memory();
    const { entry } = await m.save({ scope: "global", kind: "fact", title: "big", body: bigBody(7_000) }, AGENT);
    for (let i = 0; i < 20; i++) {
      await m.save({ scope: "global", kind: "fact", title: `small ${i}`, body: `tiny body ${i}` }, AGENT);
    }
    f.close();
    const db = path.join(f.dataDir, "ledger.db");
    const healthy = f.run(["doctor", "--json"]).json<Report>();
    expect(healthy.findings.find((x) => x.check === "memory index terms")).toMatchObject({ status: "ok" });
    // A purge the way it was done before the index was compacted: row deleted, audit redacted, nothing more.
    const c = await connect(db, { readonly: false });
    c.exec("PRAGMA secure_delete = ON");
    c.exec(`DELETE FROM entries WHERE id = '${entry.id}'`);
    c.exec(`UPDATE audit_log SET changes = NULL, reason = NULL, redacted = 1 WHERE entry_id = '${entry.id}'`);
    c.get("PRAGMA wal_checkpoint(TRUNCATE)");
    c.close();
    expect(storeBytes(db).toString("latin1").includes(STEM)).toBe(true);

    const found = f.run(["doctor", "--json"]).json<Report>();
    expect(found.findings.find((x) => x.check === "memory index terms")).toMatchObject({
      status: "warn",
      detail: expect.stringMatching(/keeps 1 fragment\(s\) of words no entry holds/),
      fix: expect.stringContaining("doctor --fix"),
    });
    const fixed = f.run(["doctor", "--fix", "--json"]).json<Report>();
    expect(fixed.fixed).toEqual(["the full-text index was rebuilt from the entries"]);
    expect(fixed.findings.find((x) => x.check === "memory index terms")).toMatchObject({ status: "ok" });
    expect(storeBytes(db).toString("latin1").includes(STEM)).toBe(false);
    expect(f.run(["search", "tiny", "--scope", "global", "--json"]).json()).toMatchObject({ total: 20 });
  }, 60_000);
});
