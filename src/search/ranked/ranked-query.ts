/**
 * A ranked query as the index takes it: "quoted phrases" must all be there, the other words add to the score
 * (BM25), so a question asked in words finds the lines that hold most of its rarer words. Words every question
 * has ("what", "did", "the") are dropped unless nothing else is left. A compound token (an identifier, path, error
 * code or version) matches as it stands or as its words in a row. A word developers write two ways (`db`,
 * `database`) brings the other as a term of its own (developer-words.ts).
 */
import { InvalidInputError } from "../../errors.js";
import { compoundsOf, ftsPhrase, MAX_WORD_CHARS, wordsOf } from "../../transcripts/index/index-tokens.js";
import { MAX_QUERY_CHARS } from "../limits.js";
import { otherForms } from "./developer-words.js";

/** Most terms a query keeps: more adds nothing to the ranking and costs time. */
export const MAX_TERMS = 16;

/**
 * The words of the language itself: no content, so the last line does not name them when it leaves them out. The
 * quantifiers among them ("each", "every", "many", "much") too: "how many" asks for a number, and naming `many` as a
 * word left out told the reader nothing (10 of the 108 coding-recall questions to tune on did, about 30 bytes each).
 */
const FUNCTION_WORDS = new Set(
  (
    "a about after all also am an and any are as at be been before but by can could did do does doing done each " +
    "every for from had has have having he her here him his how i if in into is it its just many me much my no not " +
    "of on or our out over she should so some than that the their them then there these they this those to up us " +
    "was we were what when where which while who whom why will with would yes you your"
  ).split(" "),
);

const STOP_WORDS = new Set([
  ...FUNCTION_WORDS,
  // The words a question is asked in, about a conversation rather than its content.
  ...(
    "actually ask asked assistant exactly mention mentioned please recall remember said say specific tell told " +
    "user"
  ).split(" "),
]);

/** Whether `word` (folded to lower case) is one every question has, which says nothing about what is asked. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * Whether a word the query wrote is a word of the language (`what`, `the`): left out without being named, where a
 * word of the conversation (`assistant`, `said`) is named, as a reader may have meant it as content.
 */
export function isFunctionWord(written: string): boolean {
  const words = wordsOf(written);
  return words.length > 0 && words.every((w) => FUNCTION_WORDS.has(w));
}

/** A word's ending after an apostrophe ("Caroline's", "didn't", "they're"): the word before it is what is asked. */
const ENDING = /^(.+?)(n)?['\u2019](s|t|d|m|ll|re|ve)([^\p{L}\p{N}]*)$/iu;
/** What a negation is short for where the word before "n't" is not one ("can't", "won't"). */
const NEGATED: Record<string, string> = { ca: "can", wo: "will", sha: "shall" };

/** A bare piece of a query without the ending an apostrophe adds ("didn't" is "did", a common word). */
function withoutEnding(piece: string): string {
  const m = ENDING.exec(piece);
  if (!m) return piece;
  const [, word = "", n, ending = "", rest = ""] = m;
  if (ending.toLowerCase() !== "t") return `${word}${n ?? ""}${rest}`;
  if (!n) return piece;
  return `${NEGATED[word.toLowerCase()] ?? word}${rest}`;
}

export interface RankedTerm {
  /** As the user wrote it (for the coverage line and the fallback scan). */
  text: string;
  /** Folded words, in order; a phrase or a compound matches them in a row. */
  words: string[];
  /** The compound token itself, when the term is one. */
  compound?: string;
  phrase: boolean;
  /** A word of the question's setting clause (`setting`): it says when, not what is asked. */
  setting?: boolean;
}

export interface RankedQuery {
  source: string;
  terms: RankedTerm[];
  /** The quoted phrases, which every hit must hold (a subset of `terms`). */
  required: RankedTerm[];
  /** Words dropped as too common. */
  dropped: string[];
  /** The question's setting clause as written, when its words weigh as one (`setting`). */
  setting?: string;
  /** The FTS5 MATCH expression. */
  match: string;
}

/**
 * A term as the index splits its words. A camelCase word of the query is one word, as the index has it beside its
 * parts (index-tokens.ts, `storedColumns`): tried on the coding-recall questions to tune on (hit@1 / hit@5 / MRR /
 * median bytes; before, 16.7 % / 31.5 % / 0.230 / 2,476 B), its parts in a row as a term of their own gave 15.7 % /
 * 31.5 % / 0.225 / 2,483 B, and its parts in a row in its place 15.7 % / 30.6 % / 0.221 / 2,476 B.
 */
function termOf(text: string, phrase: boolean): RankedTerm | undefined {
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  const compounds = compoundsOf(text);
  const compound = !phrase && compounds.length === 1 && words.length > 1 ? compounds[0] : undefined;
  return { text, words, compound, phrase: phrase || words.length > 1 };
}

/**
 * The FTS5 expression of one term. A word matches as FTS5's porter stemmer has it, not as the start of longer words:
 * tried on the coding-recall questions to tune on (hit@1 / hit@5 / median bytes at limit 5, project-wide; before,
 * 16.7 % / 31.5 % / 2,470 B), every word of 4 letters or more as a prefix (`proto*`) gave 15.7 % / 31.5 % / 2,460 B,
 * of 5 or more 14.8 % / 30.6 % / 2,469 B; only a word no unit holds, looked for again as a prefix, 16.7 % / 31.5 % /
 * 2,470 B and LoCoMo session hit@5 90.6 % to 90.7 % (turn hit@5 66.7 % either way), but a prefix shared by many words
 * (`confi*`, `test*`) took 50 ms to count on the 500 MB index, where a word takes well under 1 ms. The second look
 * already takes a word for one sharing its first 4 letters (rerank.ts, `sameTerm`).
 */
export function clauseOf(term: RankedTerm): string {
  const inRow = `words : ${ftsPhrase(term.words.join(" "))}`;
  return term.compound ? `(whole : ${ftsPhrase(term.compound)} OR ${inRow})` : inRow;
}

/**
 * A question's setting: the clause saying when what it asks happened ("how many tests failed *after PLAN.md was
 * implemented*?", "how much memory had the server taken *while the import ran*?"). Its words stand where the
 * answer's neighbourhood is, often more often than the answer's own (a plan read and edited many times), so they
 * weigh less in a unit's own score and in the choice of its lines (ranking-profile.ts, `boosts.setting`). A question
 * opening with "when" asks when (its setting, if any, comes later), unless a comma closes the clause and no verb
 * follows the "when" ("When we deployed, which port…"). `during` and `until` as well took one answer of the coding
 * recall evaluation's questions to tune on to the first place (hit@1 30.6 % to 31.5 %, hit@5 58.3 % either way); a
 * purpose clause (`so that`) changed no answer. The clause ends at a comma, a semicolon or a question mark, and at a
 * dash between spaces or a colon ("the first build after the audit failed - what type error came up?": the words
 * asked are after the dash); a word's own hyphen (`pre-release`) does not end it.
 */
const SETTING = /\b(?:after|before|when|while|once|during|until)\b(?:(?!\s[-–—]\s|:\s)[^,;?])*/gi;
/** "When" and a verb open a question asking when ("When is the rollout, after the backup?"), not a setting. */
const ASKS_WHEN = /^when\s+(?:is|are|was|were|did|do|does|will|would|can|could|should|has|have|had)\b/i;

/** What a term weighs against a word asked: `setting` (the profile's boosts.setting) for a word of the setting, else 1. */
export const askedWeight = (term: RankedTerm, setting: number) => (term.setting ? setting : 1);

/** Where the setting clause of `text` stands (start and end offsets), if it has one. */
function settingOf(text: string): [number, number] | undefined {
  for (const m of text.matchAll(SETTING)) {
    const end = m.index + m[0].length;
    const opening = text.slice(0, m.index).trim() === "" && /^when\b/i.test(m[0]);
    if (!opening || (text[end] === "," && !ASKS_WHEN.test(m[0]))) return [m.index, end];
  }
  return undefined;
}

/** Parses a ranked query; throws InvalidInputError naming `query` when nothing in it can be searched for. */
export function parseRankedQuery(source: string): RankedQuery {
  if (source.trim().length === 0) throw new InvalidInputError("query", "is empty; give the words to look for");
  if (source.length > MAX_QUERY_CHARS) {
    throw new InvalidInputError("query", `is ${source.length} characters long; the limit is ${MAX_QUERY_CHARS}`);
  }
  const phrases: RankedTerm[] = [];
  const rest = source.replace(/"([^"]*)"/g, (_, inner: string) => {
    const term = termOf(inner, true);
    if (term) phrases.push(term);
    return " ";
  });
  const clause = settingOf(rest);
  const pieces = [...rest.matchAll(/\S+/g)].flatMap((piece) => {
    const term = termOf(withoutEnding(piece[0]), false);
    const inSetting = clause !== undefined && piece.index >= clause[0] && piece.index < clause[1];
    return term ? [{ term, inSetting }] : [];
  });
  const common = (t: RankedTerm) => !t.phrase && STOP_WORDS.has(t.words[0] as string);
  // A setting stands beside what is asked: with fewer than two words of its own left ("what happened when I ran the
  // typecheck script?"), the question asks about the setting itself.
  const asked = phrases.length + pieces.filter((p) => !p.inSetting && !common(p.term)).length;
  const setting = clause !== undefined && asked >= 2 ? rest.slice(clause[0], clause[1]).trim() : undefined;
  const bare = pieces.map(({ term, inSetting }) =>
    inSetting && setting !== undefined ? { ...term, setting: true } : term,
  );
  const kept = bare.filter((t) => !common(t));
  const words = phrases.length + kept.length > 0 ? kept : bare;
  const dropped = bare.filter((t) => !words.includes(t)).map((t) => t.text);
  // A bare word written another way by developers (`db`, `database`) looks for both; a quoted phrase stands as written.
  const others = words.flatMap((t) =>
    otherForms(t.words).flatMap((f) => {
      const other = termOf(f, false);
      return other ? [t.setting ? { ...other, setting: true } : other] : [];
    }),
  );
  const unique = [...new Map([...phrases, ...words, ...others].map((t) => [clauseOf(t), t])).values()].slice(
    0,
    MAX_TERMS,
  );
  if (unique.length === 0) {
    // A word the index leaves out (a hash, a blob) is no punctuation: the refusal says which it is.
    const tooLong = new RegExp(`[\\p{L}\\p{N}]{${MAX_WORD_CHARS + 1},}`, "u").test(source);
    throw new InvalidInputError(
      "query",
      tooLong
        ? `holds only words longer than ${MAX_WORD_CHARS} characters, which the index leaves out; use mode literal for those`
        : "holds no word to look for (only punctuation); use mode literal for that",
    );
  }
  const required = unique.filter((t) => phrases.includes(t));
  return { source, terms: unique, required, dropped, setting, match: matchOf(unique, required) };
}

/**
 * The MATCH expression of some terms: the required ones must match; the optional part is satisfied by any required
 * one too, so it never narrows further, and BM25 sees every term.
 */
export function matchOf(terms: readonly RankedTerm[], required: readonly RankedTerm[]): string {
  const optional = terms.map(clauseOf).join(" OR ");
  return required.length > 0 ? [...required.map(clauseOf), `(${optional})`].join(" AND ") : optional;
}
