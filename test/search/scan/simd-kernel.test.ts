import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import wabtInit from "wabt";
import { allocScanBuffer, ByteFinder, countNewlines } from "../../../src/search/scan/byte-search.js";
import { kernelMemory, kernelOf } from "../../../src/search/scan/simd-kernel.js";
import { SIMD_KERNEL_WASM } from "../../../src/search/scan/simd-kernel-wasm.js";

const scanDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "src", "search", "scan");

describe("SIMD kernel", () => {
  it("runs on this runtime: a scan buffer gets a kernel, a plain one does not", () => {
    expect(kernelOf(allocScanBuffer(1024).bytes)).toBeDefined();
    expect(kernelOf(allocScanBuffer(1024, false).bytes)).toBeUndefined();
    // A view that does not start at the memory's start is not handed to the kernel (its indices would be off).
    expect(kernelOf(allocScanBuffer(1024).bytes.subarray(4))).toBeUndefined();
  });

  it("gives no memory where WebAssembly cannot make one (more than 4 GiB), so the buffer is plain memory", () => {
    expect(kernelMemory(2 ** 32)).toBeUndefined();
    expect(kernelMemory(64)).toBeDefined();
  });

  it("is the committed build of simd-kernel.wat", async () => {
    const wabt = await wabtInit();
    const source = fs.readFileSync(path.join(scanDir, "simd-kernel.wat"), "utf8");
    const built = wabt.parseWat("simd-kernel.wat", source, { simd: true }).toBinary({}).buffer;
    expect(Buffer.from(built).toString("base64")).toBe(SIMD_KERNEL_WASM);
  });

  it("never reports a match or a newline past the end it is given, whatever lies beyond", () => {
    const buffer = allocScanBuffer(4096);
    const tail = new TextEncoder().encode("git status\n".repeat(40));
    buffer.bytes.fill(0x78, 0, 100);
    buffer.bytes.set(tail, 100);
    const finder = new ByteFinder(new TextEncoder().encode("GIT STATUS"), true);
    for (let to = 20; to < 110; to++) {
      expect(finder.find(buffer.bytes, buffer.words, 0, to)).toBe(-1);
      expect(countNewlines(buffer.bytes, buffer.words, 0, to)).toBe(0);
    }
    expect(finder.find(buffer.bytes, buffer.words, 0, 110)).toBe(100);
    expect(finder.find(buffer.bytes, buffer.words, 101, 4096)).toBe(111);
    expect(countNewlines(buffer.bytes, buffer.words, 0, 111)).toBe(1);
  });
});
