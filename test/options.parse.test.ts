import path from "node:path";
import { describe, expect, it } from "vitest";
import { type OptionFeature, optionSections, parseOptions } from "../src/options.js";

const env = { HOME: "/home/someone" };

describe("plugin options", () => {
  it("give every absent section exactly what its schema defaults to", () => {
    const { options, disabled, problems } = parseOptions(undefined, env);
    expect(problems).toEqual([]);
    expect(disabled.size).toBe(0);
    for (const [key, schema] of Object.entries(optionSections()) as [OptionFeature, { parse(v: unknown): unknown }][]) {
      if (key === "dataDir") continue;
      expect(options[key], key).toEqual(schema.parse(undefined));
    }
    expect(options.dataDir).toBe(path.resolve("/home/someone/.local/share/opencode-ledger"));
    expect(parseOptions({}, env).options).toEqual(options);
    expect(parseOptions(null, env).options).toEqual(options);
  });

  it("hand out defaults as copies, so a caller that changes one cannot change the next", () => {
    const first = parseOptions({}, env).options;
    first.retention.keepRecent = 99;
    first.compaction.mode = "off";
    const second = parseOptions({}, env).options;
    expect(second.retention.keepRecent).toBe(10);
    expect(second.compaction.mode).toBe("pointer");
  });

  it("validate a given section and fill in the rest of it from its defaults", () => {
    const { options, problems } = parseOptions(
      { compaction: { mode: "prompt" }, agentSaves: "candidate", dataDir: "/tmp/x" },
      env,
    );
    expect(problems).toEqual([]);
    expect(options.compaction).toEqual({
      mode: "prompt",
      overrideUserModel: false,
      inlineOutputMaxBytes: 50_000,
      mapMaxTokens: 1_000,
    });
    expect(options.agentSaves).toBe("candidate");
    expect(options.dataDir).toBe(path.resolve("/tmp/x"));
    expect(options.retention.trashDays).toBe(30);
  });

  it("refuse a session map bound outside 200 to 4,000 tokens, naming the option", () => {
    for (const mapMaxTokens of [199, 4_001, 1.5, "1000"]) {
      const { disabled, problems } = parseOptions({ compaction: { mapMaxTokens } }, env);
      expect(disabled.has("compaction"), String(mapMaxTokens)).toBe(true);
      expect(problems[0]?.message).toContain('option "compaction.mapMaxTokens"');
    }
    expect(parseOptions({ compaction: { mapMaxTokens: 4_000 } }, env).options.compaction.mapMaxTokens).toBe(4_000);
    expect(parseOptions({ compaction: { mapMaxTokens: 200 } }, env).options.compaction.mapMaxTokens).toBe(200);
  });

  it("switch off only the feature whose section is invalid, naming the option", () => {
    const { options, disabled, problems } = parseOptions(
      { compaction: { mode: "bogus" }, retention: { keepRecent: -1 }, search: { useRipgrep: false } },
      env,
    );
    expect([...disabled].sort()).toEqual(["compaction", "retention"]);
    expect(problems.map((p) => p.message)).toEqual([
      '[opencode-ledger] option "compaction.mode": Invalid option: expected one of "pointer"|"prompt"|"off"; this feature is switched off until it is fixed',
      '[opencode-ledger] option "retention.keepRecent": Too small: expected number to be >=0; this feature is switched off until it is fixed',
    ]);
    expect(options.compaction.mode).toBe("off");
    expect(options.retention.autoSweep).toBe(false);
    expect(options.search.useRipgrep).toBe(false);
  });

  it("report unknown options and options that are not an object", () => {
    const unknown = parseOptions({ compation: {} }, env);
    expect(unknown.problems.map((p) => p.option)).toEqual(["compation"]);
    expect(unknown.problems[0]?.message).toContain('did you mean "compaction"?');
    const notObject = parseOptions(["x"], env);
    expect(notObject.problems.map((p) => p.option)).toEqual(["(options)"]);
    expect(notObject.options).toEqual(parseOptions(undefined, env).options);
  });

  it("switch the plugin off when dataDir is invalid", () => {
    const { disabled, problems } = parseOptions({ dataDir: "" }, env);
    expect(disabled.has("dataDir")).toBe(true);
    expect(problems[0]?.option).toBe("dataDir");
  });
});
