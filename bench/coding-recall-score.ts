/**
 * Line-level scoring of the coding-session recall evaluation: a result is read back into its hits in order, each
 * with the session it is in and the lines it shows; a question is answered at rank r when the r-th hit is in its
 * session and one of the lines it shows holds one of its needles.
 */
import type { MessageLines } from "./coding-recall-corpus.js";
import { HIT_HEADER, SESSION_HEADING } from "./ranked-text.js";
import { median, percentile } from "./report.js";

/** One hit as shown: its session and the text of the lines it shows (answering and context lines alike). */
export interface ShownHit {
  session: string;
  lines: string[];
}

/** `<line>: text` (an answering line) or `<line>- text` (context) under a hit's header, as src/search/render.ts writes them. */
const SHOWN_LINE = /^\d+(?:: |- )(.*)$/;

/** The hits of a ranked search's text, best first. */
export function rankedHits(text: string): ShownHit[] {
  const hits: ShownHit[] = [];
  let session: string | undefined;
  for (const line of text.split("\n")) {
    const heading = SESSION_HEADING.exec(line);
    if (heading) {
      session = heading[1] as string;
      continue;
    }
    if (HIT_HEADER.test(line) && session !== undefined) {
      hits.push({ session, lines: [] });
      continue;
    }
    const shown = SHOWN_LINE.exec(line);
    const hit = hits[hits.length - 1];
    if (shown && hit) hit.lines.push(shown[1] as string);
  }
  return hits;
}

/** The rank (1-based) of the first hit in `session` whose shown lines hold a needle; undefined when none does. */
export function answerRank(hits: readonly ShownHit[], session: string, needles: readonly string[]): number | undefined {
  const at = hits.findIndex((h) => h.session === session && h.lines.some((l) => needles.some((n) => l.includes(n))));
  return at < 0 ? undefined : at + 1;
}

/** One question asked of one search: where its answer stood, and how many bytes the search returned. */
export interface Scored {
  rank: number | undefined;
  bytes: number;
}

export interface Measures {
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
  medianBytes: number;
  p90Bytes: number;
}

export function measure(scored: readonly Scored[], k = 5): Measures {
  const n = scored.length;
  const within = (r: number) => scored.filter((s) => s.rank !== undefined && s.rank <= r).length / (n || 1);
  const mrr = scored.reduce((sum, s) => sum + (s.rank !== undefined && s.rank <= k ? 1 / s.rank : 0), 0) / (n || 1);
  const bytes = scored.map((s) => s.bytes);
  return { n, hit1: within(1), hit5: within(k), mrr, medianBytes: median(bytes), p90Bytes: percentile(bytes, 90) };
}

/**
 * The Wilson score interval of a share of `n` questions answered (`share`, 0-1), at 95 %: the range the share on many
 * more questions like these would likely fall in. On 85 questions a share near 40 % is known to about ten points
 * either way, so a change of one or two answers is within chance.
 */
export function wilson(share: number, n: number, z = 1.96): [low: number, high: number] {
  if (n === 0) return [0, 1];
  const z2 = z * z;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Where a question's answer stood when no hit showed it, nearest first (missPlace). */
export const MISS_PLACES = ["unit", "message", "session", "elsewhere"] as const;
export type MissPlace = (typeof MISS_PLACES)[number];

/** A hit as the search returned it: its session, the lines of its unit, and its best line. */
export interface HitSpan {
  session: string;
  firstLine: number;
  lastLine: number;
  line: number;
}

/**
 * Where the answer of a question no hit showed stood against the hits: in a hit's unit (another of its lines was
 * shown), in a hit's message (another unit of it), in a hit's session (another message), or elsewhere (no hit in its
 * session). `answer` holds the transcript's lines holding a needle, `messages` its messages' line ranges.
 */
export function missPlace(
  hits: readonly HitSpan[],
  session: string,
  answer: readonly number[],
  messages: readonly MessageLines[],
): MissPlace {
  const own = hits.filter((h) => h.session === session);
  if (own.length === 0) return "elsewhere";
  if (own.some((h) => answer.some((line) => line >= h.firstLine && line <= h.lastLine))) return "unit";
  const messageOf = (line: number) => messages.find((m) => m.from <= line && line <= m.to);
  const answering = new Set(answer.map(messageOf));
  if (
    own.some((h) => {
      const message = messageOf(h.line);
      return message !== undefined && answering.has(message);
    })
  )
    return "message";
  return "session";
}

/** How deep the answer stands among a search's hits, whatever lines they show (undefined: not among them). */
export interface Reach {
  /** The rank of the first hit whose unit holds an answering line. */
  unit: number | undefined;
  /** The rank of the first hit in the message of an answering line (its best line's message). */
  message: number | undefined;
}

/**
 * Where the unit and the message of a question's answer first stand among `hits` (best first): how far ranking alone
 * carries the answer, apart from the lines each hit shows. `answer` holds the transcript's lines holding a needle,
 * `messages` its messages' line ranges.
 */
export function reachOf(
  hits: readonly HitSpan[],
  session: string,
  answer: readonly number[],
  messages: readonly MessageLines[],
): Reach {
  const messageOf = (line: number) => messages.find((m) => m.from <= line && line <= m.to);
  const answering = new Set(answer.map(messageOf).filter((m) => m !== undefined));
  const rank = (holds: (h: HitSpan) => boolean) => {
    const at = hits.findIndex((h) => h.session === session && holds(h));
    return at < 0 ? undefined : at + 1;
  };
  return {
    unit: rank((h) => answer.some((line) => h.firstLine <= line && line <= h.lastLine)),
    message: rank((h) => {
      const message = messageOf(h.line);
      return message !== undefined && answering.has(message);
    }),
  };
}
