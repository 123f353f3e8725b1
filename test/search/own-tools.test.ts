import { describe, expect, it } from "vitest";
import { OWN_TOOLS } from "../../src/search/own-tools.js";
import { PLUGIN_TOOLS } from "../helpers/tool-names.js";

describe("the plugin's own tools, which a ranked search never shows", () => {
  it("are every tool the plugin registers", () => {
    expect([...OWN_TOOLS].sort()).toEqual([...PLUGIN_TOOLS]);
  });
});
