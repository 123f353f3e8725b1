/**
 * Scoring of the recall evaluation (recall-eval.bench.ts): where in a search's result the answering line of a case
 * stands, over the result's match lines in order (a ranked hit's answering line `12: text` under its session's heading
 * `# ses_… · …`, a literal or regex search's `ses_….md:12: text`), and the bytes before it.
 */
import { SESSION_HEADING } from "./ranked-text.js";
import type { RecallCase } from "./recall-cases.js";

export interface Scored {
  rank: number | undefined;
  bytesBefore: number;
  bytes: number;
}

/** A ranked hit's answering line (`12: text`), under its session's heading. */
const RANKED_MATCH = /^\d+: (.*)$/;
/** A literal or regex search's match line (`ses_….md:12: text`). */
const LINES_MATCH = /^(ses_\w+)\.md:\d+: (.*)$/;

/**
 * Rank (1-based, over the result's match lines in order: a ranked hit's answering line, a literal search's matching
 * line) of the first answering line, and the bytes before it.
 */
export function score(text: string, c: RecallCase): Scored {
  let rank = 0;
  let bytes = 0;
  let session: string | undefined;
  const holds = typeof c.holds === "string" ? [c.holds] : c.holds;
  for (const line of text.split("\n")) {
    const header = SESSION_HEADING.exec(line);
    if (header) session = header[1];
    const ranked = header ? null : RANKED_MATCH.exec(line);
    const literal = LINES_MATCH.exec(line);
    const match = literal
      ? { session: literal[1], text: literal[2] as string }
      : ranked && { session, text: ranked[1] as string };
    if (match) {
      rank++;
      if (match.session === c.session && holds.some((h) => match.text.includes(h)))
        return { rank, bytesBefore: bytes, bytes: Buffer.byteLength(text) };
    }
    bytes += Buffer.byteLength(line) + 1;
  }
  return { rank: undefined, bytesBefore: Buffer.byteLength(text), bytes: Buffer.byteLength(text) };
}
