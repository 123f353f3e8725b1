import { describe, expect, it } from "vitest";
import { closestOption, OPTION_FIELDS } from "../src/option-names.js";
import { optionSections } from "../src/options.js";

describe("option names", () => {
  it("lists exactly the fields of every section's schema", () => {
    expect(Object.keys(OPTION_FIELDS)).toEqual(Object.keys(optionSections()));
    for (const [section, schema] of Object.entries(optionSections())) {
      const inner = (schema as unknown as { def: { innerType?: { shape?: Record<string, unknown> } } }).def.innerType;
      const fields = Object.keys(inner?.shape ?? {});
      expect([section, fields]).toEqual([section, [...OPTION_FIELDS[section as keyof typeof OPTION_FIELDS]]]);
    }
  });

  it("finds the field under another section, a typo, and nothing for a name far from all", () => {
    expect(closestOption("retentionDays")).toBe("retention.retentionDays");
    expect(closestOption("compaction.mod")).toBe("compaction.mode");
    expect(closestOption("injection.maxchar")).toBe("injection.maxChars");
    expect(closestOption("backfil")).toBe("backfill");
    expect(closestOption("somethingElseEntirely")).toBeUndefined();
  });
});
