/**
 * A question asked of several sessions names what it wants ("what error", "how many") more often than the words of
 * the line that answers: a unit holding an asked kind weighs 1 + the profile's boosts.askedKindAcross, on real
 * sessions of the shared corpus.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { corpusAndMoreFiles } from "../../helpers/transcripts.js";

describe("what a question asks for, across sessions", () => {
  it("weighs up the output holding the error a question about an error asks for", async () => {
    // A Next.js build failed on a timer's type in a real session: the words of the question stand in many units of
    // its session (the component, the build), the error line in the build's output only.
    const asked = await askWithProfile(corpusAndMoreFiles(), "what failed the next build in the safe image fallback");
    // Four unit hits and one message's place, as when the boost was measured: with two places for messages the
    // build's message takes one whatever the boost, and with five unit hits the fifth shows it whatever the boost.
    const ask = (askedKindAcross: number) => asked({ boosts: { askedKindAcross }, sessions: { messagePlaces: 1 } });
    const showsError = (text: string) => /^\d+[:-] .*not assignable to type 'Timeout'/m.test(text);
    expect(DEFAULT_PROFILE.boosts.askedKindAcross).toBeGreaterThan(0);
    expect(showsError((await ask(DEFAULT_PROFILE.boosts.askedKindAcross)).text)).toBe(true);
    expect(showsError((await ask(0)).text)).toBe(false);
  }, 120_000);
});
