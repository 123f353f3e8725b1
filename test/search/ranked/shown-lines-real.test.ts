/**
 * The lines a ranked hit shows, on a real session of another project (corpus/more, pi-welpy: a refactor in Python with
 * its tests run by pytest): the number that answers, lines below the heading holding the question's words in the
 * same message; and, for any question of the session's own words, whatever the limit, context and byte budget, one
 * best line a hit, its lines each once and in order, within the hit's bytes and the search's, none around it that says
 * nothing (`}`, `---`) or that a hit before showed.
 */
import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength } from "../../../src/bounded-output.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { lineBytes } from "../../../src/search/ranked/shown-line.js";
import { CUT_TOKEN } from "../../../src/secret-guard/redact.js";
import { wordsOf } from "../../../src/transcripts/index/index-tokens.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const SHOWN = DEFAULT_PROFILE.lines;
const WELPY = "ses_187if9h6vqhp4pcyza8k";
/** The bytes a hit's lines take as rendered: `<line>- text` and a newline each. */
/** The mark a run of random-looking characters cut at a shown line's edge is replaced by. */
const REDACTED_AT_EDGE = new RegExp(`\\[redacted: ${CUT_TOKEN}\\]`, "g");

/** A shown line's text as the search compares it with what hits before showed: without a read's number and spacing. */
const plain = (text: string) =>
  text
    .replace(/^\s*[+-]?\s*\d+[:|]\s?/, "")
    .replace(/\s+/g, " ")
    .trim();

const bytesOf = (lines: readonly { line: number; text: string }[]) =>
  lines.reduce((sum, l) => sum + lineBytes(l.line, l.text), 0);

/** The session exported and indexed into a fresh data folder (removed after each test), and words of its text. */
async function welpy() {
  const session = JSON.parse(fs.readFileSync(sharedSessionFile("more", WELPY), "utf8")) as SessionExport;
  const { search } = await indexedSessions([session]);
  const text = session.messages.flatMap((m) => m.parts.map((p) => ("text" in p ? String(p.text ?? "") : "")));
  // Every 7th distinct word of 4 letters or more: rare and common ones alike, in the order the session has them.
  const words = new Set(text.flatMap((t) => wordsOf(t)).filter((w) => w.length >= 4 && /[a-z]/.test(w)));
  return { search, vocabulary: [...words].filter((_, i) => i % 7 === 0) };
}

type Search = Awaited<ReturnType<typeof welpy>>["search"];

/** `query` asked of the session (limit 5) with a setting's words weighing `setting` (ranking-profile.ts). */
const askWithSetting = (search: Search, query: string, setting: number) =>
  search({
    query,
    mode: "ranked",
    scope: PROJECT,
    sessionID: WELPY,
    limit: 5,
    profile: { ...DEFAULT_PROFILE, boosts: { ...DEFAULT_PROFILE.boosts, setting } },
  });

describe("what a ranked hit shows, on a real session", () => {
  it("shows the count a question asks for, eight lines below the heading holding its words in one message", async () => {
    const { search } = await welpy();
    // The closing report: `## Implementation complete` (line 7789) ... `**Gates**: pytest → **536 passed**` (7797).
    const ask = (setting: number) =>
      askWithSetting(search, "how many tests passed once the implementation was complete?", setting);
    const reportOf = (out: Awaited<ReturnType<typeof ask>>) =>
      out.ranked?.hits.find((h) => h.lines.some((l) => l.text === "## Implementation complete"));
    // With the setting ("once the implementation was complete") weighing as the words asked, the heading holds most
    // of them: it is the best line, and the count stands eight lines below it.
    const even = reportOf(await ask(1));
    expect(even?.role).toBe("assistant");
    const heading = even?.lines.find((l) => l.match);
    expect(heading?.text).toBe("## Implementation complete");
    expect(even?.lines.find((l) => l.text.includes("**536 passed**"))?.line).toBe((heading?.line as number) + 8);
    // By default the setting weighs less, and the count holds the words asked ("tests passed"): it is the best line.
    const byDefault = await ask(DEFAULT_PROFILE.boosts.setting);
    const counted = byDefault.ranked?.hits.find((h) => h.lines.some((l) => l.text.includes("**536 passed**")));
    expect(counted?.role).toBe("assistant");
    expect(counted?.lines.find((l) => l.match)?.text).toContain("**536 passed**");
  });

  it("weighs the question's setting below what it asks: the failing run after the plan, not the plan read again", async () => {
    const { search } = await welpy();
    // "after PLAN.md was implemented" says when: PLAN.md is read, edited and named by many units of the session. The
    // first run after it (`pytest -q`, line 6302: `8 failed, 524 passed in 2.03s`) holds what is asked, tests failing.
    const ask = (setting: number) =>
      askWithSetting(search, "how many tests failed after PLAN.md was implemented?", setting);
    const shown = (out: Awaited<ReturnType<typeof ask>>) =>
      out.ranked?.hits.findIndex((h) => h.lines.some((l) => l.text.includes("8 failed, 524 passed"))) ?? -1;
    expect(shown(await ask(DEFAULT_PROFILE.boosts.setting))).toBe(0);
    // Weighed as the words asked, the setting's words take all five places.
    expect(shown(await ask(1))).toBe(-1);
  });

  it("shows the count of a commit's output below its hash line, not the file modes, when the size is asked", async () => {
    const { search } = await welpy();
    // The commit (line 8043 `[master 963eef2] refactor(reflow): …`), then ` 12 files changed, 260 insertions(+), 176
    // deletions(-)` and ` create mode 100644 …` lines: every one holds a number, only the second says how big.
    const out = await search({
      query: "how big did the reflow seam family commit end up?",
      mode: "ranked",
      scope: PROJECT,
      sessionID: WELPY,
      limit: 5,
    });
    const shown = out.ranked?.hits.flatMap((h) => h.lines.map((l) => l.text)) ?? [];
    expect(shown.some((t) => t.includes("12 files changed, 260 insertions(+)"))).toBe(true);
  });

  it("shows one best line a hit, each line once and in order, within the hit's bytes and the budget", async () => {
    const { search, vocabulary } = await welpy();
    expect(vocabulary.length).toBeGreaterThan(100);
    const asked = fc.record({
      words: fc.subarray(vocabulary, { minLength: 1, maxLength: 6 }),
      lead: fc.constantFrom("", "how many", "what error", "which file", "what command"),
      limit: fc.integer({ min: 1, max: 20 }),
      contextLines: fc.integer({ min: 0, max: 10 }),
      maxBytes: fc.integer({ min: 1_000, max: 30_000 }),
    });
    let withHits = 0;
    await fc.assert(
      fc.asyncProperty(asked, async ({ words, lead, limit, contextLines, maxBytes }) => {
        const query = `${lead} ${words.join(" ")}`.trim();
        const out = await search({
          query,
          mode: "ranked",
          scope: PROJECT,
          sessionID: WELPY,
          limit,
          contextLines,
          maxBytes,
        });
        expect(byteLength(out.text)).toBeLessThanOrEqual(maxBytes);
        expect(out.text).not.toContain("\u001b");
        if ((out.ranked?.hits.length ?? 0) > 0) withHits++;
        const said = new Set<string>();
        for (const hit of out.ranked?.hits ?? []) {
          expect(hit.lines.filter((l) => l.match)).toHaveLength(1);
          // Around the best line, only lines that say something, and none that a hit before showed.
          for (const l of hit.lines.filter((l) => !l.match)) {
            expect(l.text).toMatch(/[\p{L}\p{N}]/u);
            expect(said.has(plain(l.text))).toBe(false);
          }
          for (const l of hit.lines) said.add(plain(l.text));
          const numbers = hit.lines.map((l) => l.line);
          expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
          // A hit's own lines, and those another unit of its message adds to it, as chosen: a run cut at a line's
          // edge is then redacted (redact-hits.ts), its mark longer than the run, and the result says so.
          const chosen = hit.lines.map((l) => ({ ...l, text: l.text.replace(REDACTED_AT_EDGE, "") }));
          expect(bytesOf(chosen)).toBeLessThanOrEqual(SHOWN.hitBytes + SHOWN.sameMessage);
        }
      }),
      { numRuns: 60 },
    );
    // The session's own words: most questions find something, so the property is about shown hits.
    expect(withHits).toBeGreaterThan(40);
  }, 120_000);
});
