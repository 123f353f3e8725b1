/**
 * ISO 8601 dates from tool arguments and CLI flags. We parse them ourselves: `Date.parse` differs between runtimes
 * and rolls "2025-02-30" over to March instead of refusing it.
 */
import { InvalidInputError } from "./errors.js";

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;

const EXAMPLE = 'use ISO 8601, e.g. "2025-06-30" or "2025-06-30T14:00:00Z"';

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/** Milliseconds since the epoch. A date without a time is midnight UTC; a time without a zone is UTC. */
export function parseIsoDate(field: string, value: string): number {
  const match = ISO_DATE.exec(value.trim());
  if (!match) throw new InvalidInputError(field, `"${value.slice(0, 40)}" is not a date; ${EXAMPLE}`);
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", , sign, oh = "0", om = "0"] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new InvalidInputError(field, `"${value}" has no such day; ${EXAMPLE}`);
  }
  if (hour > 23 || minute > 59 || second > 59 || Number(oh) > 23 || Number(om) > 59) {
    throw new InvalidInputError(field, `"${value}" has no such time of day; ${EXAMPLE}`);
  }
  const millis = Number(frac.padEnd(3, "0").slice(0, 3));
  const offset = sign ? (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime() - offset;
}

/** `parseIsoDate` for an optional argument. */
export function optionalIsoDate(field: string, value: string | undefined): number | undefined {
  return value === undefined || value.trim() === "" ? undefined : parseIsoDate(field, value);
}
