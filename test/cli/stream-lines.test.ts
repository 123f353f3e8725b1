import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { streamLines } from "../../src/cli/stream-lines.js";

async function lines(chunks: (string | Uint8Array)[], maxChars?: number): Promise<(string | { overlong: number })[]> {
  const out: (string | { overlong: number })[] = [];
  for await (const line of streamLines(Readable.from(chunks), maxChars)) out.push(line);
  return out;
}

describe("streamLines", () => {
  it("splits on LF and CR LF, keeps empty lines, and a last line without a line end", async () => {
    expect(await lines(["a\nb\r\n\nc"])).toEqual(["a", "b", "", "c"]);
    expect(await lines(["a\n"])).toEqual(["a"]);
    expect(await lines([])).toEqual([]);
  });

  it("joins lines and characters cut across chunks", async () => {
    const bytes = Buffer.from("é1\r\nzwei\n€3");
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    expect(await lines(chunks)).toEqual(["é1", "zwei", "€3"]);
    expect(await lines(["ab", "c\r", "\nd"])).toEqual(["abc", "d"]);
  });

  it("reads a chunk only when the lines before it are taken", async () => {
    let read = 0;
    async function* source() {
      for (let i = 0; i < 1_000; i++) {
        read++;
        yield `${i}\n`;
      }
    }
    const it = streamLines(source());
    await it.next();
    await it.next();
    expect(read).toBeLessThanOrEqual(3);
    await it.return(undefined);
  });

  it("gives a line past the bound as its length only, and the lines after it as they are", async () => {
    expect(await lines(["ab", "cdef", "g\nhi\n", "x".repeat(10)], 5)).toEqual([
      { overlong: 7 },
      "hi",
      { overlong: 10 },
    ]);
    expect(await lines(["abcde\n"], 5)).toEqual(["abcde"]);
  });

  it("reads one line of 64 MB in linear time and without holding it", async () => {
    const chunk = "y".repeat(64 * 1024);
    async function* huge() {
      for (let i = 0; i < 1024; i++) yield chunk;
      yield "\nafter\n";
    }
    const started = performance.now();
    const out: (string | { overlong: number })[] = [];
    for await (const line of streamLines(huge(), 200_000)) out.push(line);
    expect(out).toEqual([{ overlong: 64 * 1024 * 1024 }, "after"]);
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 30_000);
});
