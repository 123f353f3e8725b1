/**
 * Every tuned weight of the ranked search in one typed profile, with the evidence for each: what was measured (on
 * LoCoMo, bench/locomo-eval, and on the coding recall evaluation, bench/coding-recall) when it was chosen. A search
 * is given its profile with the request (DEFAULT_PROFILE unless a caller sweeps one), so an evaluation can try other
 * weights without editing code (LEDGER_RANKING_PROFILE, ranking-profile-override.ts).
 */
import type { Role } from "../../transcripts/index/transcript-units.js";

/** How a hit's lines are chosen (answer-lines.ts). */
export interface ShownLinesProfile {
  /** Bytes of one hit's lines, their `<line>- ` prefixes counted. */
  hitBytes: number;
  /** Bytes of the best line's window. */
  bestBytes: number;
  /** Bytes of any other line. */
  lineBytes: number;
  /** Bytes of the call line shown above a tool's output. */
  callBytes: number;
  /** Bytes below which a line cut to fit is left out (never the best line, which is shown at least this wide). */
  minLine: number;
  /** Lines holding what the question asks for (or more of its words), shown besides the best. */
  answers: number;
  /** Lines of a tool call's outcome shown with the call. */
  outcomes: number;
  /** Bytes of each of an output's last lines shown as its outcome when none of its lines tells what is asked. */
  quietBytes: number;
  /** Bytes of lines another unit of a hit's message adds to that hit, instead of taking a place of its own (0: none). */
  sameMessage: number;
  /**
   * A line's value among the answer lines is its asked kinds times (1 + nearness times how near it stands to the best
   * line, 0 to 1), plus its share of the query's weight.
   */
  nearness: number;
  /** Added to a line's asked kinds when an error is asked for (by default, in a call's outcome) and it is a tool's own error line. */
  strongError: number;
  /** What a count with what it counts (`12 files changed`) adds to a line's asked kinds when a number is asked for. */
  measured: number;
  /** What a line an edit changed (edit-changes.ts: in the new text and not the old, or the other way) adds to them. */
  changed: number;
}

export interface RankingProfile {
  /** The weights FTS5's bm25() gives the index's two columns (`unit_text`, index-schema.ts). */
  columns: {
    /** A unit's folded words. */
    words: number;
    /** A compound token whole (an identifier, a path, an error code). */
    whole: number;
  };
  /** What kind of unit weighs how much (rerank.ts unitWeight). */
  units: {
    roles: Record<Role, number>;
    /** What the agent read or fetched, and what OpenCode attached: a document, not the conversation. */
    document: number;
    /** A message that asks a question. */
    asking: number;
  };
  /** What the second look multiplies a unit's score by (rerank.ts). */
  boosts: {
    /** The query's words in a row. */
    phrase: number;
    /** The query's words close together: all the terms found within `proximitySpan` words per term. */
    proximity: number;
    proximitySpan: number;
    /** Up to 1 + coverage times the score, by the share of the terms' weight the unit holds. */
    coverage: number;
    /** A unit written on a date the query names (named-dates.ts). */
    namedDate: number;
    /** At most 1 + recency for the newest unit, fading over `recencyDays`. */
    recency: number;
    recencyDays: number;
    /**
     * With one session searched, 1 + askedKind for a unit holding what the question asks for (a number, an error, a
     * path, a command: answer-kind.ts); with several, 1 + askedKindAcross.
     */
    askedKind: number;
    askedKindAcross: number;
    /**
     * What a word of the question's setting clause ("after implementing PLAN.md": ranked-query.ts) weighs in a unit's
     * own BM25 and in the choice of its lines, against a word of what is asked.
     */
    setting: number;
  };
  /**
   * How the sessions around a unit weigh in, and how they share the answer (candidates-in-context.ts,
   * ranked-search.ts).
   */
  sessions: {
    /** The session's own BM25 over the generating terms, against the unit's. */
    context: number;
    /** The best neighbouring unit's BM25, at most `neighbourSpan` units away. */
    neighbour: number;
    /** The same with one session searched. */
    neighbourInSession: number;
    /**
     * With one session searched, the share of a generating term's weight counted within the session (its units
     * holding the term, of its units) against the index's (0: the index's alone, 1: the session's alone).
     */
    ownWeights: number;
    neighbourSpan: number;
    /** What a unit's message adds: its BM25 as one document, against a mean message of `messageBytes`. */
    message: number;
    messageBytes: number;
    /** The best messages by their own BM25 (message-view.ts) looked at for places of their own. */
    messagesLooked: number;
    /** The last places of the hits kept for the best messages no hit before them shows (0: none). */
    messagePlaces: number;
    /**
     * The limit at which the best messages' places are its last ones (the limit they were measured at): at a higher
     * limit they keep the rank they have there, not the end.
     */
    messagePlacesLimit: number;
    /** A term's weight in the second look: the share of the scope's sessions lacking it, `scopePrior` more counted. */
    scopePrior: number;
    scopeFloor: number;
    /** A unit lifted by this times the best score of another unit of its session, after the second look. */
    lift: number;
    /** A unit's score in the order of the hits, times this for each hit of its session already ahead of it. */
    repeat: number;
    /** Hits one session may have in an answer that spans several sessions. */
    perSession: number;
  };
  /** How much of the index is read (ranked-plan.ts, term-stats.ts, ranked-candidates.ts, ranked-search.ts). */
  reading: {
    /** Units below which a term is rare and generates candidates. */
    probeUnits: number;
    /** The newest units holding a term walked first, before walking to `probeUnits` (term-stats.ts). */
    firstLook: number;
    /** How many times `probeUnits` a first look's estimate must reach for the term to be taken as common from it. */
    surelyCommon: number;
    /**
     * The newest unit ids a look that could walk the whole index is kept to: units, and the bare marker lines that
     * keep an id each and are in no unit (index-schema.ts, index format 5), so the window spans as much transcript as
     * when those lines were units.
     */
    windowUnits: number;
    /** Candidates BM25 hands to the second look. */
    candidates: number;
    /** A query of common words only: the newest units holding them looked at, and how many of them are scored. */
    newestLooked: number;
    newestCandidates: number;
    /** Units the second look reads at most, besides the copies it finds. */
    maxRead: number;
    /** Units read past maxRead at most, one for each copy found (a unit repeating lines shown) with one session searched. */
    maxCopies: number;
    /** Units scored, in times the limit, before a unit that cannot reach them even fully boosted stops the reading. */
    readEnough: number;
    /** On the newest-first way, a session's candidates at most, in times the hits one session may have. */
    newestPerSession: number;
  };
  /** The lines a hit shows (answer-lines.ts). */
  lines: ShownLinesProfile;
}

export const DEFAULT_PROFILE: RankingProfile = {
  /**
   * A compound token stands in both columns, its words in `words` and itself in `whole`: a query naming the whole
   * identifier or path weighs it 1.5 times a word, so `rate_limit.ts` ranks the file's own mentions above lines that
   * merely hold "rate" and "limit". The second look scores the terms the index left to it with the same weights
   * (rerank.ts: a compound's hits count words + whole).
   */
  columns: { words: 1, whole: 1.5 },
  units: {
    /**
     * Reasoning weighs less than what was said. A tool's input and output are what was done, and half the answers to
     * questions about coding sessions stand in them (an error, a version, a total): on the coding recall
     * evaluation's questions to tune on (project-wide, limit 5, with the message lift) an input at 0.9 and an output
     * at 0.8 showed a needle among the first five hits for 39 of 108 questions against 37 at 0.8 and 0.6 (1 and 0.8:
     * 40; 1 and 0.9: 36; 1 and 0.7: 38); an output that merely mentions the words still weighs less than a message.
     * LoCoMo's conversations have no tool calls.
     */
    roles: { user: 1, assistant: 1, reasoning: 0.85, "tool-input": 0.9, "tool-output": 0.8, meta: 0.7 },
    /**
     * What the agent read or fetched (a file's text, a web page) and what OpenCode attached to a message (a file the
     * user named, as synthetic text) weigh below what was said and done: a README or an API page holds every generic
     * word of a question and took the first places for them, though the question is about the conversation.
     */
    document: 0.4,
    /**
     * A message that asks a question (its last line of text ends with "?") echoes the words of a question about it
     * but rarely answers it: "How long have you been doing yoga?" is not the answer to "How long has Jolene been
     * doing yoga?", the reply after it is. On LoCoMo 0.85 took the answering turn among the first five for 66.7 % of
     * the questions instead of 65.4 %, and the answering session first for 75.1 % instead of 74.6 % (0.9: 74.9 %; 0.8
     * and 0.6 lost sessions: 74.6 %, 73.0 %, with earlier weights); the coding sessions of bench/recall-eval keep
     * their first hits.
     */
    asking: 0.85,
  },
  boosts: {
    phrase: 1.5,
    proximity: 1.25,
    proximitySpan: 4,
    /**
     * BM25 lets one rare word in a short line outscore a message that holds most of the question (a reply "Thanks
     * for the suggestion, Sam." over the suggestion itself). On LoCoMo, with a unit's neighbours lifting it, 1.5 took
     * the answering turn into the first five for 64.2 % of the questions against 63.7 % at 1, and lost no session;
     * 2 and 3 gained no more, 0.6 lost at both levels.
     */
    coverage: 1.5,
    /**
     * A question's date names when the answer was written, widened by a day on either side (named-dates.ts); twice
     * the weight lets a dated unit pass an undated better match without burying a much better one.
     */
    namedDate: 2,
    /** At most +10 % for the newest unit, fading over about a month: a tie breaker, never a winner. */
    recency: 0.1,
    recencyDays: 30,
    /**
     * A question asked of one session names what it wants ("how many", "what error", "which file") more often than
     * the words of the line that answers, and many units of the session hold its words. On the coding recall
     * evaluation's questions to tune on, with the session named (limit 5), doubling the score of a unit holding an
     * asked kind showed a needle among the first five hits for 62 of 108 questions against 61 without (x1.5, x1.75 and
     * x2.5 the same 62; only within 6 lines of its best line: 62, but a count 8 lines below its heading no longer
     * counted, shown-lines-real.test.ts), and for 14 of opencode-lore's 20 against 12 (x1.5: 13), the reading's
     * ceiling counting the boost.
     */
    askedKind: 1,
    /**
     * Several sessions searched: the same boost at 1.5 times showed a needle among the first five hits for 46.3 % of
     * the coding recall evaluation's questions to tune on (project-wide, limit 5) against 44.4 % without it and at
     * twice (hit@1 28.7 % at both against 25.9 %; 1.3 times: 46.3 %, hit@1 29.6 %), with LoCoMo's answering turn
     * among the first five for 67.4 % of its questions and its answering session for 90.6 % (without: 67.4 % and
     * 90.7 %). At 1.5 times with one session searched too, opencode-lore's questions among the 30 sessions lost one
     * (13 of 20 against 14), so each keeps its own.
     */
    askedKindAcross: 0.5,
    /**
     * The words of a question's setting clause ("how many tests failed *after PLAN.md was implemented*?") name what
     * stands around the answer, often in many units (the plan read and edited again and again), while the answer
     * holds the words asked ("8 failed, 524 passed"). On the coding recall evaluation's questions to tune on (limit
     * 5), a setting's words at a quarter of a word asked in a unit's own BM25 showed a needle among the first five
     * hits for 58.3 % project-wide against 55.6 % at 1 (on both halves: 55.6 % and 61.1 % against 53.7 % and 57.4 %;
     * hit@1 30.6 % against 31.5 %, median 2,472 bytes against 2,480), for 69.4 % with the session named against
     * 67.6 %; at a half 57.4 % and 68.5 %; at a tenth 58.3 % and 69.4 % at 2,490 bytes. opencode-lore's questions
     * unchanged (14 of 20); LoCoMo's answering turn among the first five for 67.9 % (67.8 %), its session for 90.9 %
     * (90.8 %). They count whole in the BM25 of the unit's session and message, where they say the answer stands (a
     * quarter there too: 55.6 % project-wide for the session; 58.3 % at 2,506 bytes for the message). In the choice
     * of a hit's best line and of the lines holding more of the question's words they weigh the same quarter: with
     * the session named 70.4 % against 69.4 % (hit@1 37.0 % against 36.1 %), project-wide the same hits at 2,466
     * bytes against 2,472.
     */
    setting: 0.25,
  },
  sessions: {
    /**
     * A question's words are often spread over several messages of the session that answers it (who, what, and
     * when in different turns), so a unit whose session holds the other rare terms too is the likelier answer. The
     * session weighs as much as the unit: on LoCoMo the answering session came first for 59 % of the questions by the
     * units alone, and with the second look's share of the terms for 70.8 % at a weight of 0.3, 71.9 % at 0.5, 72.1 %
     * at 1; the coding sessions of bench/recall-eval keep their first hits at each. With one session searched it
     * is left out (the same for every unit; candidates-in-context.ts): with it, a needle among the first five hits
     * for 59 of the coding recall evaluation's 108 questions to tune on, session named; without it, 60.
     */
    context: 1,
    /**
     * A conversation answers in the turn beside the one that holds the question's other words ("where did you go?"
     * then "the lake"): a unit's best neighbour (a message before or after: a message is its header and its text)
     * lifts it. On LoCoMo that took the answering turn into the first five from 59.9 % to 63.7 % of the questions,
     * and the answering session first from 72.1 % to 73.4 % (weights of 0.3 to 2 were tried; past 1.5 a neighbour
     * starts to outweigh the unit, and spans past a message either side lose sessions).
     */
    neighbour: 1.2,
    /**
     * With one session searched, a coding session's long messages put many units beside others holding the question's
     * words, and the neighbours' lift (often more than the unit's own BM25) chose among them more than the words did.
     * On the coding recall evaluation's questions to tune on, with the session named (limit 5), a needle among the
     * first five hits for 61.1 % at 0.9 against 58.3 % at 1.2 (hit@1 36.1 % at both; median 3,188 bytes against
     * 3,213); 1: 59.3 %, 0.8 to 0.6: 60.2 %, 0.4: 59.3 %, 0.2: 58.3 %. opencode-lore's questions kept 13 of 20 (14 among
     * the 30 sessions; 15 at 0.4 and below). A search across sessions (and LoCoMo) keeps `neighbour`.
     */
    neighbourInSession: 0.9,
    /**
     * With one session searched, a word rare in the index may stand in many of the session's units, and then tells
     * them apart less than the index's weight says: a generating term's weight is half the index's, half the session's
     * (candidates-in-context.ts, ownWeights). On the coding recall evaluation's questions to tune on, with the session
     * named (limit 5), a needle among the first five hits for 63.9 % against 62.0 % with the index's weights alone
     * (hit@1 36.1 % against 37.0 %, MRR 0.467 against 0.460; median 2,889 bytes against 2,860); a share of 0.25:
     * 62.0 %, 0.4: 62.0 %, 0.6: 62.0 %, 0.75: 63.0 % (hit@1 35.2 % at each), 1: 61.1 % (hit@1 33.3 %). opencode-lore's
     * questions 14 of 20 against 13 (14 among the 30 sessions, as before). A search across sessions (and LoCoMo: turn
     * 67.4 %, session 90.6 %, unchanged) keeps the index's weights.
     */
    ownWeights: 0.5,
    neighbourSpan: 2,
    /**
     * A coding message says a question's words in its text, its tool call and its output, each a unit of its own, so
     * no one unit held enough of them to be among the candidates: a unit is lifted by its message's BM25, the message
     * taken as one document of the units holding each term (a term's count is the units of the message holding it,
     * the message's length the bytes from the first to the last of them, at least `messageBytes`, against a mean of
     * `messageBytes`). On the coding recall evaluation's questions to tune on (bench/coding-recall, project-wide,
     * limit 5) the answering message was among the first five hits for 47 of 108 questions without it and 52 with
     * it, and a needle shown for 34 and 37; a weight of 1 showed 38 but took LoCoMo's answering turn among the first
     * five for 66.1 % of its questions, 0.7 for 66.5 % (66.7 % without), and its answering session for 91.0 %
     * (90.6 %). The other units' terms alone (the unit's own left out) showed 36; messages of two units or more
     * alone, 35; lengths floored at a quarter of the mean, 38 at a weight of 1 and 66.1 % of LoCoMo's turns.
     */
    message: 0.7,
    messageBytes: 1_000,
    /**
     * Units and messages find different answers: on the coding recall evaluation's questions to tune on (project-wide,
     * limit 5) the answering message was among the five unit hits for 61 of 108 questions, among the first five
     * messages of a plain FTS5 BM25 over whole messages for 60, and among either for 71. With several sessions
     * searched, the last place goes to the best of the `messagesLooked` best messages (message-view.ts: each term's
     * best unit in the message, summed) that no hit before it shows, if it has two units or more and is not a
     * document: a needle among the first five hits for 49.1 % of those questions against 46.3 % (hit@1 28.7 % at
     * both, MRR 0.353 against 0.347), the answering message for 65 against 61, at a median of 2,870 bytes against
     * 2,924; with the session named, and on opencode-lore's questions, the same; LoCoMo the same (answering turn
     * among the first five for 67.4 % of its questions, session 90.6 %). A document (an attached folder's listing)
     * took the last place beside a glob of the same folder in repeated-hits.test.ts. Its cost (a pass over the
     * messages already grouped, and at most one unit more read) was not told apart from the noise of a loaded
     * machine: the search-index benchmark at 5 GB, two runs each way at a load of 6 to 8, gave ranked p50 21.5 and
     * 13.2 ms against 17.6 and 11.4 ms without it, p95 46.2 and 32.3 ms against 42.9 and 29.6 ms; to be measured
     * again on a quiet machine. Scored as BM25 of the units holding each
     * term instead (as the message lift): 47.2 %; messages of one unit too: 49.1 % but LoCoMo's session 90.3 %; two
     * places: 47.2 % at 2,809 bytes; 3 messages looked at: 48.1 %, 1: 47.2 %; only a message of the first hit's
     * session, or in place of a hit whose session another hit names: 47.2 %. With one session searched (the session
     * named) it kept no place: there it took the needle out of the first five for 57.4 % of the questions against
     * 58.3 %, and opencode-lore's among the 30 sessions for 13 of 20 against 14.
     *
     * Two places, measured again in index format 5 with the answer lines it then had: on the questions to tune on
     * (project-wide) the same needles among the first five (54.6 %; hit@1 30.6 % against 31.5 %, MRR 0.386 against
     * 0.393) at a median of 2,522 bytes a question against 2,686 (p90 3,159 against 3,231): a message's place shows
     * the unit that holds its terms, often a short text, where a unit hit fifth was a long output. Three places: 50.0 %
     * at 2,516; two with 10 messages looked at: 52.8 % at 2,513. LoCoMo's messages are one unit each: unchanged.
     */
    messagesLooked: 5,
    messagePlaces: 2,
    /**
     * At the limit they were measured at, 5, the messages' places are its last two, the fourth and fifth; at the
     * tool's default limit (10) they were the ninth and tenth, and the first five hits showed fewer needles than a
     * search at limit 5. Kept where they stand at limit 5 whatever the limit, the first five hits at a higher limit are
     * those of a search at limit 5: on the coding recall evaluation's questions to tune on, project-wide at limit 10,
     * a needle among the first five hits for 90 of 176 questions against 79 (among the ten, 95 against 96; MRR 0.363
     * against 0.358; hit@1 49 both); held out (reported, not tuned on), 29 of 85 against 30 among the first five, 38
     * both among the ten. At limit 5 and below nothing changes.
     */
    messagePlacesLimit: 5,
    /**
     * A word in every session of the scope (a person's or a project's name, in a search of that project) is rare in
     * the index but tells none of the scope's units from another, and holding it made a greeting ("Hey Nate!") look
     * like the answer to a question about Nate; the prior keeps a scope of a few sessions from saying much. The
     * session's own lift keeps the index's weights (weighing the sessions by the scope too lost sessions). On LoCoMo
     * the answering session came first for 75.1 % of the questions and the answering turn was among the first five
     * for 66.7 %, against 74.0 % and 64.8 % with the index's weights; with a prior of 0, the scope of two sessions in
     * ranked-questions.test.ts showed the line of the one word only one session holds instead of the line that holds
     * the question.
     */
    scopePrior: 5,
    scopeFloor: 0.05,
    /**
     * A session that answers a question often does so in more than one message. On LoCoMo that took the answering
     * session first for 75.1 % of the questions instead of 74.7 % (0.25: 75.0 %, 0.35: 74.9 %, 0.5: 73.6 % with
     * earlier weights), and the answering turn among the first five for 66.7 % instead of 66.0 %.
     */
    lift: 0.2,
    /**
     * A session's second-best unit stands after another session's nearly as good best one, so the first five hits
     * name more of the sessions that may answer; the first hit is the best unit either way. On LoCoMo that put an
     * answering session among the first five for 90.6 % of the questions instead of 88.2 %, and the answering turn
     * for 66.7 % instead of 67.6 % (0.8: 91.0 % and 66.5 %; 0.6: 92.1 % and 56.4 % with earlier weights).
     */
    repeat: 0.85,
    /**
     * One session cannot fill the answer of a search over several (while other sessions have hits: the places they
     * leave go to its next units). With a session's units past its share waiting for those places, 5 (against 3) kept
     * LoCoMo's answering session among the first five for 90.7 % of its questions (90.8 %) and took the answering
     * turn among them for 67.4 % instead of 66.4 % (4: 90.7 % and 67.1 %); on the coding recall evaluation's
     * questions to tune on (project-wide, limit 5) it showed a needle among the first five for 41.7 % instead of
     * 40.7 %, at a median of 2,914 bytes instead of 2,887. With sessions.repeat at 0.9 or more the coding figures rose
     * further (1 and 5: 43.5 %) but LoCoMo's answering session fell out of the first five (86.8 %; 0.9 and 4: 90.0 %).
     */
    perSession: 5,
  },
  reading: {
    /**
     * Generating reads every unit a term holds with its BM25 (about 3.5 µs a unit): at 4,000 a quoted phrase held by
     * 2,943 units of a 500 MB index took 15 ms; at 2,000 such a phrase is looked for among the newest units
     * (ranked-plan.ts), in 2 ms, and the recall evaluations give the same figures.
     */
    probeUnits: 2_000,
    /**
     * Most common words stand so densely in the newest units that the first 1,000 of them say the term is common
     * (their span of ids estimates its count), without walking to probeUnits; only a term that may be rare is walked
     * on. Half of probeUnits, chosen for cost; not measured against other values.
     */
    firstLook: 1_000,
    /**
     * An estimate from the first look is taken only when it is far past the rare count: a term nearly rare is walked
     * to probeUnits and counted, so a rare term is never taken as common from a dense stretch of new units. A margin,
     * not measured against other values.
     */
    surelyCommon: 4,
    /** About 25 MB of transcript: a phrase of common words, or a query of common words only, is looked for there. */
    windowUnits: 10_000,
    /** Enough for any limit, few enough to read in a millisecond or two. */
    candidates: 200,
    /** Ids and sessions only, cheap; of those at most `newestCandidates`, a few per session, are read and scored. */
    newestLooked: 1_000,
    newestCandidates: 24,
    /**
     * Reading and scoring a unit's lines is most of a query's time, and the boosts it adds rarely lift a unit from
     * further down. On the coding recall evaluation's questions to tune on (project-wide, limit 5), 60 showed a
     * needle among the first five hits for one question more (25.9 % against 25.0 %), 100 the same; not worth the
     * reads.
     *
     * A hit is a unit, not a message: scoring messages instead (each generating term's best unit in the message,
     * summed, lifted by the share of the terms held, the session, the neighbouring messages and the best unit) put
     * the answering message among the first five for 48 % of those questions against 39 %, and the needle for 26.9 %
     * against 24.1 %, but at rank 1 for 9.3 % against 13.9 %, at 2,675 bytes against 2,469, with LoCoMo's answering
     * turn among the first five for 65.5 % against 66.7 %, and a fetched page above the request about it. With a
     * hit's lines numbered alone (no transcript name on each), scoring messages (as first tried, before the
     * bare-number and line-order changes of answer-kind.ts and answer-lines.ts) showed a needle among the first five
     * for 31.5 % at 360 bytes a hit (median 2,458 bytes), 32.4 % at 400 (2,636), 36.1 % at 600 (3,068), but at rank
     * 1 for 10.2-12.0 %; units at 600 bytes a hit: 31.5 %, at rank 1 16.7 %, median 2,469 bytes.
     */
    maxRead: 40,
    /**
     * With one session searched, a unit read that shows nothing new (a repeat of lines shown: a page fetched several
     * times, a file read again; or a unit of a hit's message whose lines all repeat) does not use up maxRead: the
     * reading goes on, one unit more for each copy found, at most this many more (so at most maxRead + maxCopies units
     * read, and only while places are left). In opencode-lore's nightly session alone, a question about the pull
     * request whose page the agent fetched four times read 40 units of which 30 were copies and showed 1 hit; with
     * this bound 5 hits (at 10 copies 2 hits, at 20 5 hits at 3,136 bytes, at 40, 80 or 200 the same 5 hits at 2,919
     * bytes). No other question of the coding recall evaluation (tune project-wide and named, held out, lore) changed:
     * every other named search fills its places within maxRead.
     */
    maxCopies: 40,
    /**
     * The reading stops once twice the limit of units are scored and the next cannot pass them even with every boost:
     * the session's share of the hits (sessions.perSession, sessions.repeat) may drop some of the best ones, so more
     * than the limit are scored. Not measured against other values. With one session searched, a reading that
     * leaves places empty (units adding their lines to a hit of their message, or repeating one) is done again with
     * twice this, until the limit is filled or maxRead units (and maxCopies more for the copies found) are read
     * (ranked-search.ts): a glob's listing, several
     * units of one message, left 2 of 5 places filled in repeated-hits.test.ts.
     */
    readEnough: 2,
    /**
     * Units of one transcript stand together in the index, so without a cap the newest session would fill the
     * candidates of a query of common words: a session gives at most twice the hits it may have, so its best ones
     * can still be chosen by the second look. Not measured against other values.
     */
    newestPerSession: 2,
  },
  /**
   * On the coding recall evaluation's questions to tune on (project-wide, limit 5): 400 / 200 / 140 bytes showed a
   * needle in the first five hits for 25.0 % at a median of 2,463 bytes a question; 440 / 240 / 140 the same 25.0 %
   * at 2,625 bytes, 620 / 300 / 160 24.1 % at 3,233 bytes, 400 / 240 / 140 23.1 %, 420 / 220 / 130 23.1 %. Two
   * answer lines and two outcome lines: a number or an error line is rarely the only one of its kind. Ranking all
   * the other lines by one value instead (the words' share, plus one per asked kind held, plus nearness to the best
   * line) showed a needle for 25.0 % project-wide but 38.9 % with the session named, against 25.0 % and 41.7 % taken
   * in turn (with `[ahead 7]` a number, answer-kind.ts); cut to 140 / 90 bytes, 38.0 % named.
   *
   * Those figures were taken with every line prefixed by its transcript's name (`ses_….md-12- `, about 40 bytes).
   * With the name once in the hit's header and `12- ` on the lines, the hit's 400 bytes showed a needle for the same
   * 25.0 % (hit@1 13.9 -> 15.7 %) at a median of 2,266 bytes instead of 2,480; given back to the lines as hitBytes,
   * 440 bytes gave 26.9 % at 2,333, 520 29.6 % at 2,436, 560 30.6 % at 2,459, 600 31.5 % (hit@1 16.7 %) at 2,469,
   * 640 the same 31.5 % at 2,482.
   *
   * With the message lift (sessions.message), a unit of a message a hit already shows (a call's input, then its
   * output; a text and the call after it) took a place of its own and showed some of the same lines again: adding
   * its lines to that hit instead (as context), the units of a message together up to `sameMessage` bytes, showed a
   * needle among the first five for 38.0 % of the questions to tune on (hit@1 24.1 %) at 520 bytes a hit and 450
   * added, median 2,572 bytes, against 36.1 % (hit@1 21.3 %) at 600 a hit and 2,436 without; 300 added: 36.1 % at
   * 2,531; 600: 38.0 % at 2,638; 300 for each unit added (not for them together): 38.9 % at 2,633, but a hit could
   * grow past 1,200 bytes. Taking its place away without its lines: 34.3 %. Reading on past a session's full share
   * of the hits so that five are shown (39 of the 108 questions showed fewer) took more bytes than it gained (38.0 %
   * at 2,639).
   *
   * The context around the best line (answer-lines.ts) is `contextLines` lines before it and one more after it, the
   * nearer first and, as near, the one after: an answer follows what it answers (a heading, then the list under it).
   * Against as many lines on either side, that showed a needle among the first five hits for 39.8 % of the questions
   * to tune on (hit@1 25.9 %) against 38.0 % (24.1 %), and with the session named 53.7 % (hit@1 29.6 %) against
   * 51.9 % (27.8 %), at a median of 2,726 bytes against 2,639 (with `sameMessage` 300: 38.0 %, hit@1 25.0 %, at 2,638);
   * one line more after without the second before: 37.0 % at 2,633. LoCoMo's figures are unchanged.
   *
   * An output none of whose lines holds what is asked (or the question's words) is shown by its last lines, which
   * say that it ran (`File created successfully at: /home/…/memory/project_flux_wise_stablecoins.md`, `IMPORTANT: For
   * any future changes to this file, …`): cut to `quietBytes` instead of `lineBytes`, the same needles showed (39.8 %
   * project-wide, hit@1 25.9 %) at a median of 2,658 bytes instead of 2,726, and with the session named 54.6 %
   * (hit@1 30.6 %) instead of 53.7 % (29.6 %), the bytes going to a line of the message the output stands beside;
   * 72 bytes: the same at 2,671; 96: 2,726; 48: 2,658.
   *
   * The call line above an output is cut to 96 bytes: its tool and the head of its command name it. A line cut to
   * fewer than 48 bytes says nothing, so it is left out. A line's nearness to the best one counts once more than its
   * asked kinds (nearness 1), and a tool's own error line counts as one asked kind more (strongError 1) when an error
   * is asked for: the "taken in turn" figures above were taken with these; they were not swept on their own.
   *
   * A count with what it counts (`12 files changed, 260 insertions(+)`, `pages=34`: answer-kind.ts, measured) counts
   * as one asked kind more (measured 1) when a number is asked for: any number is a number (a file mode `100644`, a
   * hash), and the commit's size stood below its hash line unshown. On the questions to tune on, project-wide: a
   * needle among the first five for 47.2 % against 46.3 % (hit@1 29.6 % against 28.7 %; the number questions 38.9 %
   * against 33.3 %), median 2,946 bytes against 2,924; session named 59.3 % against 58.3 % (hit@1 37.0 % against
   * 36.1 %), 3,213 bytes both; opencode-lore 13 of 20 alone, 14 among the 30, as before. 0.5 gave the same.
   * A question asking which version counts a version as tools write one (`Bun v1.2.5 (macOS arm64)`: answer-kind.ts,
   * versioned) instead: any count or code (`exited with code 1`) had taken the version's place in a crash's outcome.
   * On the questions to tune on, project-wide 54.6 -> 55.6 % (hit@1 30.6 -> 31.5 %) at the same median of 2,491
   * bytes (p90 3,137 -> 3,086); session named 66.7 %, opencode-lore 14 and 13 of 20, LoCoMo turn 67.8 % and session
   * 90.8 %, all unchanged.
   *
   * Bytes that say nothing are left out whatever the budgets: a line of neither letter nor digit (`}`, `---`) around
   * the best one (answer-lines.ts), and a line a hit before showed (a paste, a file read again: each line's text is
   * shown once, by the first hit showing it, repeated-lines.ts). On the questions to tune on, the same needles at a
   * median of 2,862 bytes against 2,946 project-wide, 3,101 against 3,213 with the session named, opencode-lore's
   * 2,907 against 3,011; LoCoMo unchanged. Budgets cut on top of that lost needles: hitBytes 480 showed 46.3 %
   * (2,796 bytes), 440 43.5 % (2,747), sameMessage 300 45.4 % (2,839), lineBytes 120 46.3 % (2,850), answers 1
   * 45.4 % (2,789), against 47.2 % (2,867); and, alone, leaving out the lines another unit of a message adds that hold
   * neither a query word nor an asked kind 45.4 % at 2,892 against 46.3 % at 2,924.
   *
   * With those bytes left out (and the headers' times to the minute), the budgets were cut to the last step that
   * showed the same needles: hitBytes 520 -> 500, sameMessage 450 -> 400, quietBytes 64 -> 48. On the questions to
   * tune on: project-wide 47.2 % (hit@1 29.6 %) at a median of 2,790 bytes against 2,828 (p90 3,357 against 3,483);
   * session named 59.3 % (hit@1 37.0 %) at 2,937 against 3,042; opencode-lore 13 of 20 alone and 14 among the 30 at
   * 2,847 against 2,870; LoCoMo turn hit@5 67.4 %, session 90.6 %, unchanged. hitBytes 500 alone: 2,807, sameMessage
   * 400 alone: 2,818, quietBytes 48 alone: 2,818, all the same needles.
   *
   * A hit on a message's text also shows the one line of the outputs of the calls it announces that tells most (an
   * asked kind or a query word; `lineBytes`, `strongError`), after its own outcome: on the questions to tune on,
   * project-wide 50.0 -> 51.9 % (hit@1 29.6 %) at a median of 2,697 bytes against 2,682; session named 62.0 -> 63.0 %
   * at 2,874 against 2,860; opencode-lore 13 of 20 and 14 among the 30, LoCoMo turn 67.4 %, session 90.6 %, unchanged.
   *
   * A line an edit changed (`"dev": "next dev -p 9002",` where the old text had `--turbopack`; a dependency the new
   * `package.json` no longer lists) counts as one asked kind more (changed 1) among a tool input's lines: an edit's
   * old and new text share most of their lines and the question's words, and the line that differs is what was done.
   * Only a replacement tells: a text written where there was none (a new file, an insertion, a patch of `+` lines
   * only) marks no line. On the 176 questions to tune on, project-wide 86 -> 88 (two gained, none lost) at a median of
   * 2,531 bytes against 2,522; session named 109 both (one answer from the fourth hit to the second) at 2,776 against
   * 2,801; opencode-lore 14 of 20 alone and 13 among the 30, unchanged. 2 gave the same; every new text's line marked
   * (a new file's too) lost a needle, a line a code comment brought (project-wide 87, session named 108).
   *
   * With a session's id said once above its hits in a row (render.ts) instead of in each hit's header (the median
   * over every question, project-wide, 2,583 -> 2,505 bytes), cutting the budgets again: hitBytes 495 and 490 showed
   * the same needles on the 176 questions to tune on (project-wide 92, session named 114, opencode-lore 14 of 20) at a
   * median over every question of 2,497 and 2,483 bytes, but the line of a real session that names what was changed
   * no longer fit beside a quiet output (quiet-outcome-real.test.ts); 485 lost a question project-wide, 480 two;
   * bestBytes 180 (2,488 bytes) lost three with the session named. The budgets stay.
   *
   * With the last line saying "searched all 30 transcripts" (2,503 bytes), hitBytes 500 -> 498 showed the same needles
   * (tune 92 project-wide, 114 named, opencode-lore 14 of 20; held out unchanged) at 2,498 bytes over every question
   * (target <= 2,500), and the real session's line beside a quiet output still fits (it no longer does at 495); the
   * median with the session named rose 2,682 -> 2,693 (other lines fit the hits near the median).
   */
  lines: {
    hitBytes: 498,
    bestBytes: 200,
    lineBytes: 140,
    answers: 2,
    outcomes: 2,
    quietBytes: 48,
    sameMessage: 400,
    callBytes: 96,
    minLine: 48,
    nearness: 1,
    strongError: 1,
    measured: 1,
    changed: 1,
  },
};

/** FTS5's score of a unit for the MATCH of its query, with the profile's column weights (lower is better). */
export const bm25Sql = (columns: RankingProfile["columns"]): string =>
  `bm25(unit_text, ${columns.words}, ${columns.whole})`;
