/**
 * A very long transcript line (a big paste): the index and the ranked search's second look read it condensed, its
 * head and its tail, so memory follows the bound and not the line; the word at its end is still found. Measured in a process of its own under Node and
 * Bun (test/helpers/size-probe.mjs, on dist/): one 30 MB line took the export to 322 MB (Node) and 423 MB (Bun) of
 * growth, and one ranked search to 800 MB and 1.7 GB.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { initialState } from "../../src/transcripts/index/reader-state.js";
import { readUnits, type Unit } from "../../src/transcripts/index/transcript-units.js";
import { CUT_MARK, condensedLine, LONG_LINE_BYTES, readCondensedLine } from "../../src/transcripts/long-line.js";
import { NODE_BIN, REPO_ROOT, spawnBun } from "../helpers/runtime-child.js";
import { tempDir } from "../helpers/temp-dir.js";

const MB = 1024 * 1024;
const line = (n: number, text: string) => `${String(n).padStart(6)}\t${text}\n`;

describe("long lines", () => {
  it("a condensed line keeps whole characters of its head and tail, with a mark that is no word where the rest stood", () => {
    const text = `${"é".repeat(50_000)}middle${"ü".repeat(50_000)}`;
    const bytes = Buffer.from(line(7, text));
    const condensed = Buffer.from(condensedLine(bytes, bytes.subarray(0, bytes.length - 1)));
    const shown = condensed.toString("utf8");
    expect(shown).not.toContain("\ufffd");
    expect(shown).not.toContain("middle");
    expect(shown.endsWith("\n")).toBe(true);
    const [head, tail, ...more] = shown.slice(0, -1).split(CUT_MARK) as [string, string];
    expect(more).toEqual([]);
    expect(head).toMatch(/^ {5}7\té+$/);
    expect(tail).toMatch(/^ü+$/);
    expect(Buffer.byteLength(head)).toBeGreaterThan(LONG_LINE_BYTES / 2 - 4);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(LONG_LINE_BYTES / 2);
    expect(Buffer.byteLength(tail)).toBeGreaterThan(LONG_LINE_BYTES / 2 - 4);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(LONG_LINE_BYTES / 2);
    expect(CUT_MARK).not.toMatch(/[\p{L}\p{N}]/u);
  });

  it("the index reads a line longer than its buffer as the second look does, and the lines after it as before", () => {
    const dir = tempDir();
    const file = path.join(dir, "ses_longline00000001.md");
    const lines = [
      line(1, "# a transcript"),
      line(2, "[text]"),
      line(3, `${"start ".repeat(2_000_000)}endword`), // 12 MB: longer than the 4 MB reading buffer
      line(4, `${"mid ".repeat(30_000)}midword`), // 120 kB: inside the buffer, still condensed
      line(5, "a short line after them"),
    ];
    fs.writeFileSync(file, lines.join(""));
    const units: Unit[] = [];
    const end = readUnits(file, { fromByte: 0, fromLine: 1, state: initialState() }, (u) => units.push(u));
    expect(end).toMatchObject({ lines: 5, bytes: fs.statSync(file).size });
    const starts = lines.map((_, i) => Buffer.byteLength(lines.slice(0, i).join("")));
    const long = units.find((u) => u.firstLine === 3) as Unit;
    const mid = units.find((u) => u.firstLine === 4) as Unit;
    expect([long.byteStart, long.byteEnd]).toEqual([starts[2], starts[3]]);
    expect([mid.byteStart, mid.byteEnd]).toEqual([starts[3], starts[4]]);
    expect(units.find((u) => u.firstLine === 5)?.texts).toEqual(["a short line after them"]);
    const fd = fs.openSync(file, "r");
    try {
      for (const unit of [long, mid]) {
        // What the index holds of the line is what the second look reads back from the file.
        const condensed = Buffer.from(readCondensedLine(fd, unit.byteStart, unit.byteEnd)).toString("utf8");
        expect(`${String(unit.firstLine).padStart(6)}\t${unit.texts.join("\n")}\n`).toBe(condensed);
        expect(Buffer.byteLength(condensed)).toBeLessThan(LONG_LINE_BYTES + 100);
      }
    } finally {
      fs.closeSync(fd);
    }
    expect(long.texts[0]).toMatch(/^start start .* endword$/);
    expect(mid.texts[0]).toMatch(/midword$/);
    // A torn long line (no newline yet) is left for the next read, wherever the reading buffer stood.
    fs.appendFileSync(file, `     6\t${"torn ".repeat(1_500_000)}`);
    const again: Unit[] = [];
    const torn = readUnits(file, { fromByte: end.bytes, fromLine: 6, state: end.state }, (u) => again.push(u));
    expect(torn).toMatchObject({ lines: 5, bytes: end.bytes });
    expect(again).toEqual([]);
  });

  it("one 30 MB line: the export and a ranked search grow with the bound, not the line, under Node and Bun", async () => {
    const probe = path.join(REPO_ROOT, "test", "helpers", "size-probe.mjs");
    const run = async (runtime: "node" | "bun", args: string[]) => {
      const child =
        runtime === "bun"
          ? spawnBun(probe, args)
          : await import("node:child_process").then(({ spawnSync }) => {
              const out = spawnSync(NODE_BIN, [probe, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
              return { out: out.stdout, err: out.stderr, code: out.status };
            });
      if ("exited" in child) {
        const { code } = await child.exited;
        if (code !== 0) throw new Error(`probe ${args[0]} under Bun failed: ${child.stderr()}`);
        return JSON.parse(child.stdout().trim().split("\n").at(-1) as string) as Record<string, number | string>;
      }
      if (child.code !== 0) throw new Error(`probe ${args[0]} under Node failed: ${child.err}`);
      return JSON.parse(child.out.trim().split("\n").at(-1) as string) as Record<string, number | string>;
    };
    for (const runtime of ["node", "bun"] as const) {
      const dataDir = path.join(tempDir(), "data");
      const exported = await run(runtime, ["export-line", dataDir, String(30_000_000)]);
      const ranked = await run(runtime, ["ranked", dataDir, "/p", "pasted words needlefound"]);
      console.log(
        `[figures] one 30 MB line, ${runtime}: export +${(Number(exported.growth) / MB).toFixed(0)} MB, ranked search +${(Number(ranked.growth) / MB).toFixed(0)} MB`,
      );
      expect(Number(exported.transcriptBytes)).toBeGreaterThan(30_000_000);
      expect(ranked).toMatchObject({ engine: "the search index", hits: 1 });
      // The index holds the line's head and tail: the search index file stays small.
      expect(fs.statSync(path.join(dataDir, "search-index.db")).size).toBeLessThan(2 * MB);
      expect(Number(ranked.growth), `${runtime} ranked`).toBeLessThan(96 * MB);
      expect(Number(exported.growth), `${runtime} export`).toBeLessThan(300 * MB);
    }
  }, 300_000);
});
