import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/errors.js";
import { optionalIsoDate, parseIsoDate } from "../src/iso-date.js";

describe("ISO 8601 dates", () => {
  it.each([
    ["2024-02-29", Date.UTC(2024, 1, 29)],
    ["2025-06-30T14:00", Date.UTC(2025, 5, 30, 14, 0)],
    ["2025-06-30T14:00:05Z", Date.UTC(2025, 5, 30, 14, 0, 5)],
    ["2025-06-30t14:00:05.25z", Date.UTC(2025, 5, 30, 14, 0, 5, 250)],
    ["2025-06-30 14:00:05.123456789+02:00", Date.UTC(2025, 5, 30, 12, 0, 5, 123)],
    ["2025-06-30T14:00-0530", Date.UTC(2025, 5, 30, 19, 30)],
    ["  2025-01-01  ", Date.UTC(2025, 0, 1)],
    ["0099-12-31", Date.parse("0099-12-31T00:00:00.000Z")],
  ])("reads %s", (text, expected) => {
    expect(parseIsoDate("valid_from", text)).toBe(expected);
  });

  it.each([
    ["2025-02-29", /no such day/],
    ["2025-04-31", /no such day/],
    ["2025-00-10", /no such day/],
    ["2025-06-30T24:00", /no such time of day/],
    ["2025-06-30T12:60", /no such time of day/],
    ["2025-06-30T12:00+25:00", /no such time of day/],
    ["30/06/2025", /is not a date; use ISO 8601/],
    ["next friday", /is not a date/],
    ["2025-6-3", /is not a date/],
    ["", /is not a date/],
  ])("refuses %j, naming the argument", (text, message) => {
    const error = (() => {
      try {
        return parseIsoDate("expires_at", text);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(/^\[opencode-ledger\] expires_at: /);
    expect((error as Error).message).toMatch(message);
  });

  it("treats a missing or blank optional date as absent", () => {
    expect(optionalIsoDate("valid_from", undefined)).toBeUndefined();
    expect(optionalIsoDate("valid_from", "  ")).toBeUndefined();
  });
});
