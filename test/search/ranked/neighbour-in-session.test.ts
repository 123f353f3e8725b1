import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { everySessionFile } from "../../helpers/transcripts.js";

const HARBOR = "ses_39b4b4b3bffeXCkbhNdUgsq5wv";

const shown = (hits: readonly RankedHit[] | undefined) => (hits ?? []).flatMap((h) => h.lines.map((l) => l.text));

describe("a ranked search with its session named", () => {
  it("weighs a unit's neighbours less than a search across sessions does", async () => {
    // A session building an API server: the user reports that the Swagger UI answers 404, and the agent mounts it at
    // `/openapi` (a tool call's input). Within the session many units stand beside others holding "swagger" or "UI",
    // and lifted by those neighbours at the weight a search across sessions gives them, they take the five places.
    // Among the 30 sessions of the shared data (what the evaluation searches) the question's words weigh as they do in
    // a project of that size.
    const asked = await askWithProfile(
      everySessionFile(),
      "where's the swagger UI mounted since the 404 I reported",
      HARBOR,
    );
    // The terms weighed by the index alone, as when the neighbours' weight was measured: half weighed by the session's
    // own units (ownWeights), the answer is found at either neighbour weight (own-weights.test.ts).
    const ask = (neighbourInSession: number) => asked({ sessions: { neighbourInSession, ownWeights: 0 } });
    const mounted = (hits: readonly RankedHit[] | undefined) => shown(hits).some((l) => l.includes('path: "/openapi"'));
    expect(DEFAULT_PROFILE.sessions.neighbourInSession).toBeLessThan(DEFAULT_PROFILE.sessions.neighbour);
    expect(mounted((await ask(DEFAULT_PROFILE.sessions.neighbourInSession)).ranked?.hits)).toBe(true);
    expect(mounted((await ask(DEFAULT_PROFILE.sessions.neighbour)).ranked?.hits)).toBe(false);
  }, 120_000);
});
