/**
 * What a search says back of its request (the query on its "No matches" line, the words and reasons on its last line)
 * is redacted like its hits: a query holding a secret is not echoed to the model, in a ranked, literal or regex search.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redactFound } from "../../src/search/redact-hits.js";
import { renderFound } from "../../src/search/render.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../../src/search/search.js";
import { answered, indexedSessions, PROJECT } from "../helpers/indexed-sessions.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { rankedCoverage } from "../helpers/ranked-coverage.js";
import { seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";
import { writeTranscript } from "../helpers/transcript-files.js";

const docker = PROVIDER_SAMPLES.find((s) => s.label === "dckr_pat_")?.build(seeded(21)) ?? "";
const NOTE = "[secret guard] 1 value that looks like a secret was replaced by [redacted: …] (Docker Hub token).";

describe("what a search echoes of its request", () => {
  it("redacts the query of a ranked search that finds nothing, through the index", async () => {
    const { search } = await indexedSessions([answered("ses_echoranked01", "how do we deploy?", "with the pipeline")]);
    const out = await search({ query: `rotate ${docker} now`, mode: "ranked", scope: PROJECT });
    expect(out.ranked?.hits).toEqual([]);
    const lines = out.text.split("\n");
    expect(lines[0]).toBe('No matches for "rotate [redacted: Docker Hub token] now".');
    // The last line names the words no transcript holds: the token among them, redacted too (two values replaced).
    expect(lines.at(-2)).toContain("in no indexed transcript: rotate, [redacted: Docker Hub token], now");
    expect(lines.at(-1)).toBe(
      NOTE.replace("1 value that looks like a secret was", "2 values that look like secrets were"),
    );
    expect(out.text).not.toContain(docker);
  });

  it("redacts the query of a literal and of a regex search that find nothing", async () => {
    const root = tempDir();
    const transcriptsDir = path.join(root, "data", "transcripts");
    const project = path.join(root, "project");
    writeTranscript(transcriptsDir, project, "ses_echoscan0001", ["the deploy worked", "nothing secret here"]);
    const search = createTranscriptSearch({
      transcriptsDir,
      useRipgrep: false,
      locateRipgrep: createRipgrepLocator(undefined),
    });
    const literal = await search({ query: `login -p ${docker}`, mode: "literal", scope: project });
    expect(literal.text.split("\n")[0]).toBe('No matches for "login -p [redacted: Docker Hub token]".');
    const regex = await search({ query: `${docker}|never written`, mode: "regex", scope: project });
    expect(regex.text.split("\n")[0]).toBe('No matches for "[redacted: Docker Hub token]|never written".');
    for (const out of [literal, regex]) {
      expect(out.text).not.toContain(docker);
      expect(out.text.split("\n").at(-1)).toBe(NOTE);
    }
    // Asked for the raw text (the command line's --raw), the query is shown as written.
    const raw = await search({ query: `login -p ${docker}`, mode: "literal", scope: project, redact: false });
    expect(raw.text).toContain(docker);
  });

  it("redacts the words a ranked search's last line names, and counts each value it replaced", () => {
    const coverage = rankedCoverage({ query: `the ${docker}`, dropped: ["the", docker], absent: [docker], dates: [] });
    const result = {
      hits: [],
      candidates: 0,
      cappedBySession: 0,
      repeated: 0,
      stale: 0,
      changed: [],
      absent: [docker],
    };
    const found = { kind: "ranked" as const, result, coverage };
    const redacted = redactFound(found);
    expect(redacted).toEqual({ redacted: 3, kinds: ["Docker Hub token"] });
    const text = renderFound(found, 10_000, redacted);
    expect(text).toContain("common words left out: [redacted: Docker Hub token]");
    expect(text).toContain("in no indexed transcript: [redacted: Docker Hub token]");
    expect(text).not.toContain(docker);
  });
});
