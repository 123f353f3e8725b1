import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  describeHandEdit,
  ownLinesAfter,
  surveyNumbers,
  tailHash,
  walkLineHeads,
} from "../../src/transcripts/hand-edit.js";
import { numberedLines, writtenNumber } from "../../src/transcripts/numbered-line.js";
import { formatLine } from "../../src/transcripts/transcript-file.js";
import { tempDir } from "../helpers/temp-dir.js";

const bytes = (text: string) => Buffer.from(text);

/** Runs `use` over a real file holding `text`, open for reading. */
function withFile<T>(text: string | Buffer, use: (fd: number, size: number) => T): T {
  const file = path.join(tempDir(), "t.md");
  fs.writeFileSync(file, text);
  const fd = fs.openSync(file, "r");
  try {
    return use(fd, fs.fstatSync(fd).size);
  } finally {
    fs.closeSync(fd);
  }
}

const numbered = (numbers: number[]) => numbers.map((n) => formatLine(n, `line ${n}`)).join("");

describe("writtenNumber", () => {
  it("reads the number of our prefix, and nothing else", () => {
    expect(writtenNumber(bytes("     7\ttext"))).toBe(7);
    expect(writtenNumber(bytes("1234567\t"))).toBe(1234567);
    expect(writtenNumber(bytes("text without a number"))).toBeUndefined();
    expect(writtenNumber(bytes("    12 no tab"))).toBeUndefined();
    expect(writtenNumber(bytes("    12"))).toBeUndefined();
    expect(writtenNumber(bytes(`${"9".repeat(20)}\tx`))).toBeUndefined();
    // A line inside a larger buffer, by its start and end.
    expect(writtenNumber(bytes("ab\n    42\tx\n"), 3, 12)).toBe(42);
    expect(numberedLines(bytes("     7\tseven\nplain\n     9\tnot ended"), 24)).toEqual([
      { line: 7, text: "seven" },
      { line: Number.NaN, text: "plain" },
    ]);
  });
});

describe("walkLineHeads", () => {
  it("gives each line's head once, across reads, a 200 kB line included, and the unterminated last line", () => {
    const long = formatLine(2, "y".repeat(200_000));
    const text = `${formatLine(1, "a")}${long}${formatLine(3, "b")}    4\tend without a newline`;
    const heads = withFile(text, (fd, size) => {
      const out: [number | undefined, boolean][] = [];
      walkLineHeads(fd, 0, size, (head, complete) => out.push([writtenNumber(head), complete]));
      return out;
    });
    expect(heads).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
  });
});

describe("surveyNumbers", () => {
  it("names removed numbers, counts lines without one, repeats and lines past the end, and the highest", () => {
    const text = `${numbered([1, 2, 5, 6, 6])}a line typed in\n${numbered([7, 12])}tail`;
    const edit = withFile(text, (fd, size) => surveyNumbers(fd, size, 9));
    expect(edit).toEqual({
      removed: [
        [3, 4],
        [8, 9],
      ],
      foreign: 3,
      beyond: 1,
      highest: 12,
      unterminated: true,
    });
    expect(describeHandEdit(edit)).toBe(
      "lines 3-4, 8-9 were removed; 3 lines without a number of their own were added; 1 line numbered past what was recorded was found; its last line had no line end, and one was added",
    );
  });

  it("names five ranges and counts the rest", () => {
    const kept = Array.from({ length: 20 }, (_, i) => i + 1).filter((n) => n % 3 !== 0);
    const edit = withFile(numbered(kept), (fd, size) => surveyNumbers(fd, size, 20));
    expect(edit.removed).toHaveLength(6);
    expect(describeHandEdit(edit)).toBe("lines 3, 6, 9, 12, 15 and 1 more range were removed");
  });

  it("says an edit in place when every number is there", () => {
    const edit = withFile(numbered([1, 2, 3]), (fd, size) => surveyNumbers(fd, size, 3));
    expect(describeHandEdit(edit)).toBe("the text of lines it had was changed in place; every number is still there");
  });
});

describe("ownLinesAfter", () => {
  it("accepts lines numbered on and a torn start of the next one; refuses anything else", () => {
    const own = (text: string, last: number) => withFile(text, (fd, size) => ownLinesAfter(fd, 0, size, last));
    expect(own("", 4)).toBe(true);
    expect(own(numbered([5, 6]), 4)).toBe(true);
    expect(own(`${numbered([5])}     6\tpart of a li`, 4)).toBe(true);
    expect(own(`${numbered([5])}    `, 4)).toBe(true);
    expect(own(numbered([6]), 4)).toBe(false);
    expect(own("my own remark\n", 4)).toBe(false);
    expect(own(`${numbered([5])}garbage`, 4)).toBe(false);
  });
});

describe("tailHash", () => {
  it("covers the last 4 KiB before the end given, and only those", () => {
    const data = Buffer.alloc(10_000, "a");
    const base = withFile(data, (fd) => tailHash(fd, 8_000));
    data[3_000] = 0x62; // before the 4 KiB
    expect(withFile(data, (fd) => tailHash(fd, 8_000))).toBe(base);
    data[9_000] = 0x62; // after the end given
    expect(withFile(data, (fd) => tailHash(fd, 8_000))).toBe(base);
    data[5_000] = 0x62;
    expect(withFile(data, (fd) => tailHash(fd, 8_000))).not.toBe(base);
    expect(withFile("", (fd) => tailHash(fd, 0))).toMatch(/^[0-9a-f]{64}$/);
  });
});
