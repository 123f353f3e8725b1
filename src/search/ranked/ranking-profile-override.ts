/**
 * A ranking profile from partial overrides of the default (JSON, as an evaluation sweeping the weights gives them):
 * validated against the default's own shape, so a misspelt key or a weight that is not a number is refused by name,
 * never silently left at its default.
 */
import type { ZodType } from "zod";
import { InvalidInputError } from "../../errors.js";
import { z } from "../../zod.js";
import { DEFAULT_PROFILE, type RankingProfile } from "./ranking-profile.js";

/** Profile groups whose values are counts (of units, lines, hits, bytes): whole numbers, at least 1. */
const COUNT_GROUPS = new Set(["reading", "lines"]);
const COUNTS = new Set(["sessions.neighbourSpan", "sessions.perSession", "boosts.proximitySpan"]);
/** Values of those groups that are weights or multiples, not counts. */
const WEIGHTS = new Set([
  "reading.surelyCommon",
  "lines.nearness",
  "lines.strongError",
  "lines.measured",
  "lines.changed",
]);

/** The schema of overrides of `value`: every key optional, no other key, each number finite and not negative. */
function overridesOf(value: unknown, path: string): ZodType {
  if (typeof value === "number") {
    const group = path.split(".")[0] ?? "";
    const count = (COUNT_GROUPS.has(group) && !WEIGHTS.has(path)) || COUNTS.has(path);
    return count ? z.number().int().min(1) : z.number().min(0);
  }
  const shape: Record<string, ZodType> = {};
  for (const [key, inner] of Object.entries(value as object)) {
    shape[key] = overridesOf(inner, path === "" ? key : `${path}.${key}`).optional();
  }
  return z.strictObject(shape);
}

const OVERRIDES = overridesOf(DEFAULT_PROFILE, "");

/** `base` with every value `over` gives put in its place, group by group. */
function merged<T>(base: T, over: unknown): T {
  if (typeof base !== "object" || base === null || typeof over !== "object" || over === null) {
    return (over ?? base) as T;
  }
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) out[key] = merged(out[key], value);
  return out as T;
}

/**
 * The default profile with `overrides` (an object of the profile's shape, any part of it) put in; `source` names
 * where they came from in the error that refuses them (an unknown key, a value of the wrong type or range).
 */
export function profileWith(overrides: unknown, source: string): RankingProfile {
  const parsed = OVERRIDES.safeParse(overrides);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const at = issue.path.join(".");
      return at === "" ? issue.message : `${at}: ${issue.message}`;
    });
    throw new InvalidInputError(source, `not a ranking profile (${issues.join("; ")})`);
  }
  return merged(DEFAULT_PROFILE, parsed.data);
}

/** Overrides given as JSON text: parsed, then as profileWith. */
export function profileFromJson(text: string, source: string): RankingProfile {
  let overrides: unknown;
  try {
    overrides = JSON.parse(text);
  } catch (error) {
    throw new InvalidInputError(source, `not JSON (${(error as Error).message})`);
  }
  return profileWith(overrides, source);
}
