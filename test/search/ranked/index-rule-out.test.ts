import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { wholeWords } from "../../../src/search/ranked/index-rule-out.js";
import { indexedSessions, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { seeded } from "../../helpers/secret-samples.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

const bytes = (text: string) => new TextEncoder().encode(text);

function said(id: string, text: string): SessionBuilder {
  const s = new SessionBuilder(id, `Session ${id}`);
  s.user("What happened?");
  s.assistant((b) => {
    b.step();
    b.text(text);
    b.finish();
  });
  return s;
}

/** Ten sessions of routine text and one that says `line`. */
async function haystackWith(line: string) {
  const others = Array.from({ length: 10 }, (_, i) =>
    said(`ses_ruleoutother${String(i).padStart(4, "0")}`, `Routine work ${i}: the build passes.`),
  );
  return indexedSessions([...others, said("ses_ruleoutanswer001", line)].map((s) => s.data));
}

const found = (o: {
  result: { files: { index: number; hits: { lines: unknown } }[] };
  targets: { sessionID: string }[];
}) => o.result.files.map((f) => ({ session: o.targets[f.index]?.sessionID, lines: f.hits.lines }));

describe("the index ruling transcripts out of a literal or regex search", () => {
  it("uses only the words a matching line holds whole", () => {
    expect(wholeWords([bytes("up: ECONNRESET after")])).toEqual(["econnreset"]);
    expect(wholeWords([bytes("ECONNRESET")])).toEqual([]);
    expect(wholeWords([bytes("git status")])).toEqual([]);
    expect(wholeWords([bytes(" ERR_42 v1.2.3 ")])).toEqual(["err", "42", "v1", "2", "3"]);
    // Not ASCII, or longer than the index keeps: the scan decides.
    expect(wholeWords([bytes(" naïve café ")])).toEqual([]);
    expect(wholeWords([bytes(` ${"a".repeat(41)} `)])).toEqual([]);
    // A piece cut inside a character says nothing of the word before the cut.
    expect(wholeWords([bytes(" abc é").slice(0, -1)])).toEqual([]);
  });

  it("when the index rules out every transcript, the coverage line says so and no sketch count of 0", async () => {
    const { data } = await haystackWith("ERROR socket hang up: ECONNRESET after 3 retries");
    const none = await searchOver(data)({ query: "up: QZXWVQ after", mode: "literal", scope: PROJECT });
    expect(found(none)).toEqual([]);
    expect(none.text).toContain("11 transcripts ruled out by the search index");
    expect(none.text).not.toContain("ruled out by their search sketch");
    expect(none.text).toMatch(/ · 0 B read · /);
  });

  it("rules out the transcripts without the words, says how many, and finds what a scan finds", async () => {
    const { data } = await haystackWith("ERROR socket hang up: ECONNRESET after 3 retries");
    const query = "up: ECONNRESET after";
    const withIndex = await searchOver(data)({ query, mode: "literal", scope: PROJECT });
    const scan = await searchOver(data, { index: undefined })({ query, mode: "literal", scope: PROJECT });
    expect(found(withIndex)).toEqual(found(scan));
    expect(found(withIndex).map((f) => f.session)).toEqual(["ses_ruleoutanswer001"]);
    expect(withIndex.text).toContain("10 transcripts ruled out by the search index");
    expect(withIndex.text).toMatch(/searched all 11 transcripts/);
    const regex = await searchOver(data)({ query: "hang up: ECONNRESET after \\d", mode: "regex", scope: PROJECT });
    expect(found(regex).map((f) => f.session)).toEqual(["ses_ruleoutanswer001"]);
    expect(regex.text).toContain("10 transcripts ruled out by the search index");
    // No whole word in the literal: the index is not asked, the sketches and the scan answer as before.
    const partial = await searchOver(data)({ query: "CONNRESE", mode: "literal", scope: PROJECT });
    expect(found(partial)).toEqual(
      found(await searchOver(data, { index: undefined })({ query: "CONNRESE", mode: "literal", scope: PROJECT })),
    );
    expect(partial.text).not.toContain("ruled out by the search index");
  });

  it("folds case as the scan does, the letters that fold onto ASCII included", async () => {
    const { data } = await haystackWith("the \u212aelvin scale and the \u017ftyle guide");
    for (const query of [" kelvin ", " KELVIN scale", "the style guide"]) {
      const withIndex = await searchOver(data)({ query, mode: "literal", scope: PROJECT });
      expect(
        found(withIndex).map((f) => f.session),
        query,
      ).toEqual(["ses_ruleoutanswer001"]);
      expect(withIndex.text).toContain("ruled out by the search index");
    }
  });

  it("scans a transcript with a line the index holds redacted", async () => {
    const docker = PROVIDER_SAMPLES.find((p) => p.label === "dckr_pat_")?.build(seeded(11)) ?? "";
    const inner = docker.slice(9, 20);
    expect(inner).toMatch(/^[A-Za-z0-9]+$/);
    const { data } = await haystackWith(`docker login -p ${docker} registry`);
    // The literal's whole word is inside the secret: the index never saw it.
    const query = `_${inner}`.slice(0, -1);
    const middle = `pat_${docker.slice(9)}`.slice(0, 20);
    for (const q of [query, ` -p dckr_pat_${docker.slice(9, 9 + 8)}`, middle]) {
      const withIndex = await searchOver(data)({ query: q, mode: "literal", scope: PROJECT, redact: false });
      const scan = await searchOver(data, { index: undefined })({
        query: q,
        mode: "literal",
        scope: PROJECT,
        redact: false,
      });
      expect(found(withIndex), q).toEqual(found(scan));
      expect(
        found(withIndex).map((f) => f.session),
        q,
      ).toEqual(["ses_ruleoutanswer001"]);
    }
  });

  it("scans a transcript the index does not cover as it is now", async () => {
    const { data, exported } = await haystackWith("nothing to see here");
    const file = exported.find((e) => e.sessionID === "ses_ruleoutother0003")?.path ?? "";
    // Edited by hand after its export: the index still holds the old bytes.
    const last = fs.readFileSync(file, "utf8").trimEnd().split("\n").length;
    fs.appendFileSync(file, `${String(last + 1).padStart(6)}\tsocket hang up: ECONNRESET after 9 retries\n`);
    const query = "up: ECONNRESET after";
    const withIndex = await searchOver(data)({ query, mode: "literal", scope: PROJECT });
    expect(found(withIndex).map((f) => f.session)).toEqual(["ses_ruleoutother0003"]);
    expect(found(withIndex)).toEqual(
      found(await searchOver(data, { index: undefined })({ query, mode: "literal", scope: PROJECT })),
    );
    expect(withIndex.text).toContain("10 transcripts ruled out by the search index");
    // Without the index file at all, the scan answers alone.
    data.searchIndex.remove();
    const gone = await searchOver(data)({ query, mode: "literal", scope: PROJECT });
    expect(found(gone)).toEqual(found(withIndex));
    expect(gone.text).not.toContain("ruled out by the search index");
  });

  it("rules out by a word thousands of units hold, below its own bound, not the ranked search's", async () => {
    const busy = new SessionBuilder("ses_ruleoutbusy00001", "Busy");
    // 2,500 units hold "alpha": common to the ranked search (2,000), still worth ruling out by for a literal (4,000).
    for (let i = 0; i < 2_500; i++) busy.user(`step alpha done ${i}`);
    const others = Array.from({ length: 10 }, (_, i) =>
      said(`ses_ruleoutquiet${String(i).padStart(4, "0")}`, `Routine work ${i}: the build passes.`),
    );
    const { data } = await indexedSessions([busy, ...others].map((s) => s.data));
    const out = await searchOver(data)({ query: "step alpha done", mode: "literal", scope: PROJECT, limit: 1 });
    expect(out.text).toContain("10 transcripts ruled out by the search index");
    expect(found(out).map((f) => f.session)).toEqual(["ses_ruleoutbusy00001"]);
  }, 60_000);
});
