/**
 * A page fetched again takes no second place among the hits, on a real session: in opencode-lore's nightly session
 * the agent fetched its pull request's page four times within four minutes (a comment or two more each time), each
 * fetch a message of some thirty units. A unit's copies score side by side; a copy whose twin had added its lines to
 * the hit of its own fetch (past the bytes a hit may add, so not shown) took a place of its own, and a copy whose long
 * line was cut at another place than its twin's did too.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

/** The page's title line, as each fetch of it holds it. */
const PAGE_TITLE = "[feat(upgrade): add nightly release channel](#top)#292";

/** The line ranges of the transcript's messages holding `line`: [first, last], 1-based. */
function messagesHolding(transcript: string, line: string): [number, number][] {
  const lines = transcript.split("\n").map((l) => l.replace(/^ *\d+\t/, ""));
  const starts = lines.flatMap((l, i) => (/^## (?:user|assistant|summary) · /.test(l) ? [i + 1] : []));
  const ranges: [number, number][] = [];
  for (const [i, l] of lines.entries()) {
    if (l.trim() !== line) continue;
    const start = starts.filter((s) => s <= i + 1).at(-1) ?? 1;
    const end = (starts.find((s) => s > i + 1) ?? lines.length + 1) - 1;
    ranges.push([start, end]);
  }
  return ranges;
}

describe("a page fetched several times in a real session", () => {
  it("takes one place among the hits, the others going to the rest of the session", async () => {
    const out = await askRealSession(
      sharedSessionFile("lore", "CliNightly"),
      "PR preview deployment built to the gh-pages branch",
    );
    const hits: RankedHit[] = out.ranked?.hits ?? [];
    expect(hits).toHaveLength(5);
    const fetches = messagesHolding(fs.readFileSync(hits[0]?.file.path ?? "", "utf8"), PAGE_TITLE);
    expect(fetches).toHaveLength(4);
    const inFetch = hits.filter((h) => fetches.some(([a, b]) => h.firstLine >= a && h.lastLine <= b));
    expect(inFetch).toHaveLength(1);
    // The fetch's preview link is shown once: the other fetches' copies of it were left out as repeats.
    const preview = hits.filter((h) =>
      h.lines.some((l) => l.text.includes("https://cli.sentry.dev/pr-preview/pr-292/")),
    );
    expect(preview).toHaveLength(1);
    expect(out.ranked?.repeated).toBeGreaterThanOrEqual(3);
  });
});
