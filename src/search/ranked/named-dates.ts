/**
 * The calendar dates a ranked query names ("what did we decide on 3 June, 2023", "the migration in July 2023", "the
 * failure of 2026-03-12", "in June"): the units written then are the likelier answer, so the second look weighs them
 * up (rerank.ts). A date is a day or a month of UTC days, as `since` and `until` read a date, widened by a day on
 * either side: a question's day is the day the words were written as often as the day before or after (a reply the
 * next morning, the asker's own time zone). A month without a year is the latest one not after the query's time.
 */

export interface NamedDate {
  /** As the query wrote it. */
  text: string;
  /** The span, milliseconds since the epoch, both ends inclusive. */
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/** A month's name, whole or as its three letters ("Sept" too): its index is found by those three. */
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "((?:19|20)\\d\\d)";
/** Each shape a date is written in, with where its year, month and day stand; the longest shapes first (all global). */
const SHAPES: { pattern: RegExp; year: number; month: number; day?: number; numeric?: true }[] = [
  { pattern: /\b(\d{4})-(\d\d)-(\d\d)\b/g, year: 1, month: 2, day: 3, numeric: true },
  { pattern: new RegExp(`\\b${DAY}(?:\\s+of)?\\s+${MONTH},?\\s+${YEAR}\\b`, "gi"), year: 3, month: 2, day: 1 },
  { pattern: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, "gi"), year: 3, month: 1, day: 2 },
  { pattern: new RegExp(`\\b${MONTH},?\\s+${YEAR}\\b`, "gi"), year: 2, month: 1 },
  // A month alone only after a word that makes it one ("in May", not "may"): its year is the query's.
  {
    pattern: new RegExp(`\\b(?:in|during|since|early|mid|late)[\\s-]+${MONTH}(?![\\w-]|\\.\\w)`, "gi"),
    year: 0,
    month: 1,
  },
];

function monthOf(name: string): number {
  return MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace(".", "").slice(0, 3)));
}

/** The span of one match, or undefined when it names no real date (a 31st of June, a month 13). */
function spanOf(m: RegExpMatchArray, shape: (typeof SHAPES)[number], now: number): NamedDate | undefined {
  const at = (i: number) => m[i] as string;
  const month = shape.numeric ? Number(at(shape.month)) - 1 : monthOf(at(shape.month));
  if (month < 0 || month > 11) return undefined;
  let year = shape.year > 0 ? Number(at(shape.year)) : new Date(now).getUTCFullYear();
  if (shape.year === 0 && month > new Date(now).getUTCMonth()) year--;
  if (shape.day === undefined) {
    return { text: m[0], from: Date.UTC(year, month, 1) - DAY_MS, to: Date.UTC(year, month + 1, 1) + DAY_MS - 1 };
  }
  const day = Number(at(shape.day));
  const start = Date.UTC(year, month, day);
  if (new Date(start).getUTCDate() !== day) return undefined;
  return { text: m[0], from: start - DAY_MS, to: start + 2 * DAY_MS - 1 };
}

/** The dates `source` names, each once, in the order of the shapes (a day before the month it stands in). */
export function namedDates(source: string, now: number): NamedDate[] {
  const found: NamedDate[] = [];
  let rest = source;
  for (const shape of SHAPES) {
    for (const m of rest.matchAll(shape.pattern)) {
      const span = spanOf(m, shape, now);
      if (!span) continue;
      found.push(span);
      // What one shape read is not read again by a shorter one ("3 June, 2023" is not "June, 2023" as well).
      const at = m.index ?? 0;
      rest = rest.slice(0, at) + " ".repeat(m[0].length) + rest.slice(at + m[0].length);
    }
  }
  return found;
}

/**
 * A unit's weight for the dates a query names: `boost` (the ranking profile's namedDate) when `time` falls in one of
 * them, else 1.
 */
export function dateWeight(dates: readonly NamedDate[], time: number | null, boost: number): number {
  return time !== null && dates.some((d) => time >= d.from && time <= d.to) ? boost : 1;
}
