/**
 * Literal and regex searches let the index rule transcripts out before the scan, with results identical to a full
 * scan. A matching line lies in one unit, so a word every matching line holds whole is in that unit's words: a
 * transcript whose units hold no unit with all such words cannot match. Only what is sure counts:
 * - a word touching either end of a piece the line must contain may be part of a longer word ("status" in
 *   "statuses"), so only words with a character that is no letter or digit on both sides, inside the piece, count;
 * - only ASCII words (the scan folds case as the index does for them, the two letters that fold onto ASCII included)
 *   of at most MAX_WORD_CHARS;
 * - a transcript the index does not cover exactly as it is now (not indexed yet, grown, rewritten), with a line
 *   indexed as `[redacted: <kind>]` (the secret's words are not in the index), or with text the index leaves out (the
 *   plugin's own tool results, terminal escape sequences: `sessions.partial`), is always scanned.
 * Words the index finds in many units rule out little: then the index is not asked.
 */

import type { IndexReader } from "../../transcripts/index/index-reader.js";
import { MAX_WORD_CHARS } from "../../transcripts/index/index-tokens.js";
import { MARKER_ROWS } from "../../transcripts/index/unit-columns.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import { DEFAULT_PROFILE } from "./ranking-profile.js";
import { countTerm, indexTotals, type TermProbe } from "./term-stats.js";

export type IndexCoverage = { ruledOut: number } | { unused: string };

const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
const decoder = new TextDecoder("utf-8", { fatal: true });

/** The words, folded, that every line holding all of `pieces` holds whole. */
export function wholeWords(pieces: readonly Uint8Array[]): string[] {
  const out = new Set<string>();
  for (const piece of pieces) {
    let text: string;
    try {
      text = decoder.decode(piece);
    } catch {
      continue; // A piece cut inside a character: what stands beside its words is not known.
    }
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      const start = match.index;
      if (start === 0 || start + word.length === text.length) continue;
      if (ASCII_WORD.test(word) && word.length <= MAX_WORD_CHARS) out.add(word.toLowerCase());
    }
  }
  return [...out];
}

interface Covered {
  session_id: string;
  bytes: number;
  ino: number;
  mtime_ms: number;
  partial: number;
}

/** A literal whose rarest word stands in this many indexed units or more is not ruled out by the index: it would rule out little. */
const RULE_OUT_UNITS = 4_000;
/**
 * Counted as the ranked search counts (the default profile's first look), to the rule-out's own bound: how a term is
 * counted changes only whether the index is asked, never what a literal or regex search finds.
 */
const RULE_OUT_PROBE: TermProbe = { ...DEFAULT_PROFILE.reading, probeUnits: RULE_OUT_UNITS };

/**
 * Which of `files` may hold a line containing every piece of `required`; `keep` is undefined when the index was not
 * asked (the coverage says why). Never throws: an index that cannot answer leaves every transcript to the scan.
 */
export async function ruleOutByIndex(
  index: IndexReader | undefined,
  files: readonly TranscriptFile[],
  required: readonly Uint8Array[],
): Promise<{ keep?: boolean[]; coverage: IndexCoverage }> {
  const words = wholeWords(required);
  if (words.length === 0) return { coverage: { unused: "the query holds no whole word" } };
  if (!index) return { coverage: { unused: "no search index is configured" } };
  try {
    const health = await index.forReading();
    if (!health.usable) return { coverage: { unused: health.reason } };
    const c = health.connection;
    const clauses = words.map((w) => `words : "${w}"`);
    const totals = indexTotals(c);
    const rarest = Math.min(...clauses.map((clause) => countTerm(c, clause, totals, RULE_OUT_PROBE).units));
    if (rarest >= RULE_OUT_UNITS) return { coverage: { unused: "its words stand in too many indexed units" } };
    const ids = JSON.stringify(files.map((f) => f.sessionID));
    const sessionsHolding = (match: string) =>
      new Set(
        c
          .all<{ session_id: string }>(
            `SELECT DISTINCT s.session_id FROM (SELECT rowid FROM unit_text WHERE unit_text MATCH ?) t
               JOIN units u ON u.id = t.rowid JOIN sessions s ON s.sid = u.sid`,
            match,
          )
          .map((r) => r.session_id),
      );
    // A line is in a unit or is a bare marker line (a message's header, a step note), whose words only marker_text holds.
    const markedHolding = (match: string) =>
      c
        .all<{ session_id: string }>(
          `SELECT DISTINCT s.session_id FROM (SELECT rowid / ${MARKER_ROWS} AS sid FROM marker_text WHERE marker_text MATCH ?) t
             JOIN sessions s ON s.sid = t.sid`,
          match,
        )
        .map((r) => r.session_id);
    const match = clauses.join(" AND ");
    const holding = new Set([...sessionsHolding(match), ...markedHolding(match)]);
    const redacted = sessionsHolding('words : "redacted"');
    const covered = new Map(
      c
        .all<Covered>(
          "SELECT session_id, bytes, ino, mtime_ms, partial FROM sessions WHERE session_id IN (SELECT value FROM json_each(?))",
          ids,
        )
        .map((r) => [r.session_id, r]),
    );
    const vouched = (f: TranscriptFile) => {
      const row = covered.get(f.sessionID);
      return (
        row !== undefined &&
        row.partial === 0 &&
        row.bytes === f.size &&
        row.ino === f.ino &&
        row.mtime_ms === f.mtimeMs
      );
    };
    const keep = files.map((f) => !vouched(f) || holding.has(f.sessionID) || redacted.has(f.sessionID));
    return { keep, coverage: { ruledOut: keep.filter((k) => !k).length } };
  } catch (error) {
    return {
      coverage: { unused: `the search index failed (${error instanceof Error ? error.message : String(error)})` },
    };
  }
}
