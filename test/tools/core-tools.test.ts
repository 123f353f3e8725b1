import { describe, expect, it } from "vitest";
import { CORE_TOOLS, pickCoreTools } from "../../src/tools/core-tools.js";

describe("the core tool set", () => {
  it("keeps the four tools of daily use and nothing else", () => {
    const all = Object.fromEntries(
      [
        "memory_save",
        "memory_search",
        "memory_list",
        "memory_session_search",
        "memory_session_read",
        "memory_stats",
      ].map((name) => [name, { name }]),
    );
    expect(Object.keys(pickCoreTools(all)).sort()).toEqual([...CORE_TOOLS].sort());
  });
});
