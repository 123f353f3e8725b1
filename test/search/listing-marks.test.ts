import { describe, expect, it } from "vitest";
import { LISTING_FRESH_MS, ListingMarks } from "../../src/search/listing-marks.js";

describe("listing marks", () => {
  it("stand for a project's folder for a while after it was listed, then no more", () => {
    let now = 1_000_000;
    const marks = new ListingMarks(() => now);
    expect(marks.fresh("a")).toBe(false);
    const at = marks.take();
    now += 5_000;
    marks.note("a", at);
    expect(marks.fresh("a")).toBe(true);
    expect(marks.fresh("b")).toBe(false);
    expect(marks.fresh(undefined)).toBe(false);
    now = at + LISTING_FRESH_MS - 1;
    expect(marks.fresh("a")).toBe(true);
    now = at + LISTING_FRESH_MS;
    expect(marks.fresh("a")).toBe(false);
  });

  it("a listing of every project stands for each project's folder too", () => {
    let now = 1_000_000;
    const marks = new ListingMarks(() => now);
    marks.note(undefined, marks.take());
    expect(marks.fresh(undefined)).toBe(true);
    expect(marks.fresh("any")).toBe(true);
    now += LISTING_FRESH_MS;
    expect(marks.fresh("any")).toBe(false);
  });

  it("keep the latest listing, and forget on request", () => {
    let now = 1_000_000;
    const marks = new ListingMarks(() => now);
    const late = now + 100;
    marks.note("a", late);
    marks.note("a", now);
    now = now + LISTING_FRESH_MS + 50;
    expect(marks.fresh("a")).toBe(true);
    marks.forget();
    expect(marks.fresh("a")).toBe(false);
  });
});
