import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROPERTY_SEED, propertySeed } from "./helpers/property-seed.js";

describe("the seed of the property tests", () => {
  it("is set before every test file runs (vitest's setupFiles, Bun's preload): the default unless LEDGER_FC_SEED names another", () => {
    // This file does not import property-setup.ts: the seed found here was set by the test runner's setup.
    const named = process.env.LEDGER_FC_SEED;
    expect(fc.readConfigureGlobal().seed).toBe(propertySeed(named));
    if (named === undefined) expect(fc.readConfigureGlobal().seed).toBe(DEFAULT_PROPERTY_SEED);
  });

  it("draws the same values on every run, and a failure still names its seed and path", () => {
    const drawn = () => {
      const values: number[] = [];
      const details = fc.check(
        fc.property(fc.integer(), (n) => {
          values.push(n);
        }),
        { numRuns: 20 },
      );
      return { seed: details.seed, values };
    };
    const first = drawn();
    const again = drawn();
    const seed = fc.readConfigureGlobal().seed;
    if (seed !== undefined) {
      expect(first.seed).toBe(seed);
      expect(again).toEqual(first);
    }
    expect(first.values).toHaveLength(20);
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 1000))).toThrow(/\{ seed: -?\d+, path: "\d+(:\d+)*"/);
  });

  it("reads LEDGER_FC_SEED: unset or empty is the default, an integer is that seed, random leaves it to fast-check", () => {
    expect(propertySeed(undefined)).toBe(DEFAULT_PROPERTY_SEED);
    expect(propertySeed("")).toBe(DEFAULT_PROPERTY_SEED);
    expect(propertySeed("101853222")).toBe(101853222);
    expect(propertySeed("-897478343")).toBe(-897478343);
    expect(propertySeed(" 42 ")).toBe(42);
    expect(propertySeed("0")).toBe(0);
    expect(propertySeed("2147483647")).toBe(2147483647);
    expect(propertySeed("-2147483648")).toBe(-2147483648);
    expect(propertySeed("random")).toBeUndefined();
  });

  it("refuses any other value with a message naming the variable, rather than ignoring it", () => {
    for (const bad of ["abc", "1.5", "1e3", "0x10", "2147483648", "-2147483649", "RANDOM", "seed=5", "12 34"]) {
      expect(() => propertySeed(bad), bad).toThrow(/^LEDGER_FC_SEED must be an integer .* or "random", not "/);
    }
  });
});
