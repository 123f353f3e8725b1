/**
 * `import` of hostile files: a token used as a key is never repeated in the report; a file of one huge line is refused
 * early, by its line number, without being held or rescanned.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliFixture } from "../../helpers/cli.js";
import { transferEntry } from "../../helpers/memory.js";
import { SAMPLES, seeded } from "../../helpers/secret-samples.js";

interface ImportReport {
  imported: number;
  refusedCount: number;
  refused: { line: number; message: string }[];
}

describe("import of hostile files", () => {
  it("never repeats a token used as a key, and names a plain unknown key", async () => {
    const f = cliFixture();
    const github = SAMPLES.find((s) => s.kind === "GitHub token");
    if (!github) throw new Error("no GitHub sample");
    const token = github.build(seeded(5));
    const file = path.join(f.root, "keys.jsonl");
    fs.writeFileSync(
      file,
      [
        JSON.stringify({ ...transferEntry({ id: "tokenkey0001" }), [token]: 1 }),
        JSON.stringify({ ...transferEntry({ id: "plainkey0001", title: "Other" }), colour: "red" }),
      ].join("\n"),
    );
    const r = f.run(["import", file, "--json"]);
    const report = r.json<ImportReport>();
    expect(report.refusedCount).toBe(2);
    expect(r.stdout + r.stderr).not.toContain(token.slice(4, 24));
    expect(report.refused[0]?.message).toContain("not shown: not a field name");
    expect(report.refused[1]?.message).toContain('"colour"');
  });

  it("refuses a one-line file of 40 MB by its line number, quickly", async () => {
    const f = cliFixture();
    const file = path.join(f.root, "one-line.json");
    fs.writeFileSync(file, `[${'"x",'.repeat(10_000_000)}"x"]`);
    const started = performance.now();
    const r = f.run(["import", file, "--json"]);
    const report = r.json<ImportReport>();
    expect(report.refusedCount).toBe(1);
    expect(report.refused[0]).toMatchObject({ line: 1 });
    expect(report.refused[0]?.message).toContain("is over 200000 characters");
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
