/**
 * The time filters of a ranked search (`since`, `until`), checked where they come in: the tool's arguments and the
 * command line's flags use these checks in their schemas, so the search inside takes them as valid.
 */

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;

export const WHEN_MESSAGE = "is not a date or time; give an ISO date such as 2026-03-01 or 2026-03-01T14:00Z";
export const RANGE_MESSAGE = "is before since; nothing can match";

/**
 * An ISO date or time as milliseconds (NaN when it is none); a date alone is its whole day: its start for since, its
 * end for until.
 */
export function whenMs(field: "since" | "until", value: string): number {
  const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return field === "until" && DATE_ONLY.test(value) ? ms + 86_399_999 : ms;
}

/** Whether a `since` or `until` value is a date or time. */
export function isWhen(value: string): boolean {
  return Number.isFinite(whenMs("since", value));
}

/** Whether `since` is not after `until` (either may be absent or unreadable: that is the field's own check). */
export function inOrder(since: string | undefined, until: string | undefined): boolean {
  if (since === undefined || until === undefined || !isWhen(since) || !isWhen(until)) return true;
  return whenMs("since", since) <= whenMs("until", until);
}
