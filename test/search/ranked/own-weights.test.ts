import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { everySessionFile } from "../../helpers/transcripts.js";

const BUS_PLATFORM = "ses_miykx0v3vgy80n8x2sby";

const firstShows = (hits: readonly RankedHit[] | undefined, text: string) =>
  (hits?.[0]?.lines ?? []).some((l) => l.text.includes(text));

describe("a ranked search with its session named", () => {
  it("weighs the generating terms partly by how many of the session's own units hold them", async () => {
    // A session of other people's (corpus/more) setting up a bus platform: its compose file's database service runs
    // `postgres:16-alpine` (a tool call's input). Among the 30 sessions of the shared data (what the evaluation
    // searches) the question's rarer words are weighed by the whole index; half weighed by the session's own units,
    // the unit naming the image comes first, and by the index's weights alone it does not.
    const asked = await askWithProfile(
      everySessionFile(),
      "what postgres docker image did the compose file for the bus platform use",
      BUS_PLATFORM,
    );
    const ask = (ownWeights: number) => asked({ sessions: { ownWeights } });
    expect(DEFAULT_PROFILE.sessions.ownWeights).toBeGreaterThan(0);
    expect(firstShows((await ask(DEFAULT_PROFILE.sessions.ownWeights)).ranked?.hits, "postgres:16-alpine")).toBe(true);
    expect(firstShows((await ask(0)).ranked?.hits, "postgres:16-alpine")).toBe(false);
  }, 120_000);
});
