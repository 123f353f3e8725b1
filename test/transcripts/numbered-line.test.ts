import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeText } from "../../src/transcripts/numbered-line.js";

describe("decodeText", () => {
  it("gives what TextDecoder gives for any bytes, bad UTF-8 included, from plain and WebAssembly memory", () => {
    const decoder = new TextDecoder();
    const wasm = new Uint8Array(new WebAssembly.Memory({ initial: 1 }).buffer);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.nat(16), fc.nat(), fc.nat(), (bytes, offset, a, b) => {
        const start = bytes.length > 0 ? a % (bytes.length + 1) : 0;
        const end = start + (bytes.length > start ? b % (bytes.length - start + 1) : 0);
        wasm.set(bytes, offset);
        for (const view of [bytes, wasm.subarray(offset, offset + bytes.length)]) {
          expect(decodeText(view, start, end)).toBe(decoder.decode(bytes.subarray(start, end)));
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it("decodes characters split nowhere and an empty range to the empty string", () => {
    const bytes = new TextEncoder().encode("déjà vu Ωmega 🙂");
    expect(decodeText(bytes, 0, bytes.length)).toBe("déjà vu Ωmega 🙂");
    expect(decodeText(bytes, 3, 3)).toBe("");
  });
});
