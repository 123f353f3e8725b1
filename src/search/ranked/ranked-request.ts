/** What a ranked search is asked: the query, the transcripts in scope, the filters and the bounds of the answer. */

import type { Role } from "../../transcripts/index/transcript-units.js";
import type { TranscriptFile } from "../../transcripts/listing.js";
import type { IndexedFiles } from "./indexed-scope.js";
import type { NamedDate } from "./named-dates.js";
import type { RankedQuery } from "./ranked-query.js";
import type { RankingProfile } from "./ranking-profile.js";

export interface RankedFilters {
  roles?: readonly Role[];
  /** Milliseconds since the epoch, inclusive. */
  since?: number;
  until?: number;
}

/** The message a search is asked from: its turn is left out (current-turn.ts). */
export interface AskingMessage {
  sessionID: string;
  messageID: string;
}

export interface RankedRequest {
  query: RankedQuery;
  /** Transcripts in scope; a session not among them is never returned. */
  files: readonly TranscriptFile[];
  /** True when the scope is every transcript (no session filter needed). */
  everything: boolean;
  /** The index's record of the transcripts in scope, looked up on demand; when set, `files` and `everything` are not used. */
  indexed?: IndexedFiles;
  filters: RankedFilters;
  /** The dates the query names: units written then weigh more (named-dates.ts). */
  dates?: readonly NamedDate[];
  limit: number;
  contextLines: number;
  /** Cap per session (undefined: none, when one session is searched). */
  perSession?: number;
  now: number;
  asking?: AskingMessage;
  /** The weights and bounds of the ranking (DEFAULT_PROFILE unless an evaluation sweeps them). */
  profile: RankingProfile;
  /** Give each hit what each stage of the ranking gave it (RankedHit.explain). */
  explain?: boolean;
}
