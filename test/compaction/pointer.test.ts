import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPointer, POINTER_MAX_CHARS, REQUEST_MAX_CHARS } from "../../src/compaction/pointer.js";
import { oneLine } from "../../src/one-line.js";

const base = {
  sessionID: "ses_0123456789abcdefABCDEF",
  path: "/home/dev/.local/share/opencode-ledger/transcripts/app-0123456789abcdef/ses_0123456789abcdefABCDEF.md",
  firstLine: 1,
  lastLine: 1234,
  lastUserRequest: "Refactor the parser so it streams, and keep the public API as it is.",
  inventory: "memory: 12 active entries, 3 lessons",
};

describe("pointer", () => {
  it("names the transcript, its lines, the last request, the lookup rule and the memory inventory", () => {
    const pointer = buildPointer(base);
    expect(pointer).toContain(`Transcript: ${base.path} (lines 1-1234).`);
    expect(pointer).toContain(`Last user request: "${base.lastUserRequest}"`);
    expect(pointer).toContain("memory_session_search");
    expect(pointer).toContain("memory_session_read");
    expect(pointer).toContain("Never guess");
    expect(pointer).toContain(base.inventory);
    expect(pointer).toContain(base.sessionID);
    expect(pointer.length).toBeLessThanOrEqual(POINTER_MAX_CHARS);
  });

  it("cuts the last request to one line of at most 120 characters", () => {
    const request = `${"word ".repeat(60)}\nsecond line`;
    const pointer = buildPointer({ ...base, lastUserRequest: request });
    const line = pointer.split("\n").find((l) => l.startsWith("Last user request"));
    expect(line).toBeDefined();
    const quoted = /"(.*)"/.exec(line ?? "")?.[1] ?? "";
    expect(quoted.length).toBeLessThanOrEqual(REQUEST_MAX_CHARS);
    expect(quoted.endsWith("…")).toBe(true);
  });

  it("leaves out the request and inventory lines when there are none", () => {
    const pointer = buildPointer({ ...base, lastUserRequest: "  ", inventory: "" });
    expect(pointer).not.toContain("Last user request");
    expect(pointer.split("\n")).toHaveLength(3);
  });

  it("stays within 700 characters for any path, request and inventory", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 2_000 }),
        fc.string({ maxLength: 2_000 }),
        fc.string({ maxLength: 2_000 }),
        fc.nat(10_000_000),
        (path, lastUserRequest, inventory, lastLine) => {
          const pointer = buildPointer({ ...base, path, lastUserRequest, inventory, lastLine });
          expect(pointer.length).toBeLessThanOrEqual(POINTER_MAX_CHARS);
          expect(pointer).toContain("[opencode-ledger]");
        },
      ),
    );
  });

  it("drops the inventory before the request when the path is long", () => {
    const pointer = buildPointer({ ...base, path: `/${"deep/".repeat(70)}t.md` });
    expect(pointer.length).toBeLessThanOrEqual(POINTER_MAX_CHARS);
    expect(pointer).not.toContain(base.inventory);
    expect(pointer).toContain("Last user request");
  });

  it("oneLine collapses whitespace and marks a cut", () => {
    expect(oneLine(" a \n\t b ", 10)).toBe("a b");
    expect(oneLine("abcdefghij", 5)).toBe("abcd…");
  });
});
