/**
 * A ranked search of one session reads on, twice as many units each time, while places are left: the reading goes on
 * from the unit it stopped at, and gives what a reading started over with as many wanted gives.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import { type RankedResult, rankedSearch } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { listTranscripts } from "../../../src/transcripts/listing.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions } from "../../helpers/indexed-sessions.js";
import { corpusFiles } from "../../helpers/transcripts.js";

const HIDDEN_RIVER = "ses_39b709b7fffea1aT6PAuEvX6Zq";

const real = (id: string) =>
  JSON.parse(fs.readFileSync(corpusFiles().find((f) => f.includes(id)) as string, "utf8")) as SessionExport;

/** What a result shows: each hit's place and lines, and the counts beside them. */
const seen = (r: RankedResult) => ({
  hits: r.hits.map((h) => ({ line: h.line, score: h.score, lines: h.lines })),
  candidates: r.candidates,
  repeated: r.repeated,
  stale: r.stale,
});

describe("a ranked search of one session reading on", () => {
  it("gives what a reading started over with as many units wanted gives", async () => {
    const { data } = await indexedSessions([real(HIDDEN_RIVER)]);
    const health = await data.searchIndex.forReading();
    if (!health.usable) throw new Error(health.reason);
    const files = listTranscripts(data.transcriptsDir, "", true).filter((f) => f.sessionID === HIDDEN_RIVER);
    const now = Date.now();
    const search = (
      readEnough: number,
      maxRead = DEFAULT_PROFILE.reading.maxRead,
      // A glob of a hundred paths is several units of one output: most units scored add their lines to one hit.
      query = "docs external moonrepo guides examples",
    ) =>
      rankedSearch(health.connection, {
        query: parseRankedQuery(query),
        files,
        everything: false,
        filters: {},
        limit: 5,
        contextLines: 2,
        now,
        profile: { ...DEFAULT_PROFILE, reading: { ...DEFAULT_PROFILE.reading, readEnough, maxRead } },
      });
    const first = DEFAULT_PROFILE.reading.readEnough;
    // The first reading alone (at most the units it scores) leaves places empty: the search reads on.
    expect(search(first, first * 5).hits.length).toBeLessThan(5);
    const on = search(first);
    expect(on.hits).toHaveLength(5);
    expect(seen(on)).toEqual(seen(search(first * 2)));
  });
});
