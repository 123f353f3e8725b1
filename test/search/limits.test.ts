/**
 * The bounds of a shown line are declared once (src/search/limits.ts) and a search shows lines within them: a long
 * matching line is cut to SHOWN_LINE_BYTES.match, a long line of context to SHOWN_LINE_BYTES.context.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHOWN_LINE_BYTES } from "../../src/search/limits.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../../src/search/search.js";
import { tempDir } from "../helpers/temp-dir.js";
import { writeTranscript } from "../helpers/transcript-files.js";

describe("the bounds of a shown line", () => {
  it("cuts a long match and a long context line to their declared bounds", async () => {
    const root = tempDir();
    const transcriptsDir = path.join(root, "data", "transcripts");
    const project = path.join(root, "project");
    writeTranscript(transcriptsDir, project, "ses_aaaaaaaa01", [
      `before ${"c".repeat(5_000)}`,
      `needle ${"m".repeat(5_000)}`,
      "after",
    ]);
    const search = createTranscriptSearch({
      transcriptsDir,
      useRipgrep: false,
      locateRipgrep: createRipgrepLocator(undefined),
    });
    const { text } = await search({ query: "needle", scope: project, mode: "literal", contextLines: 1 });
    const shown = (marker: RegExp) => {
      const line = text.split("\n").find((l) => marker.test(l));
      expect(line, String(marker)).toBeDefined();
      return Buffer.byteLength((line as string).replace(marker, ""));
    };
    const match = shown(/^.*ses_aaaaaaaa01\.md:2: /);
    const context = shown(/^.*ses_aaaaaaaa01\.md-1- /);
    // Cut, and cut near the bound (a marker of what was left may follow the kept bytes).
    expect(match).toBeLessThan(SHOWN_LINE_BYTES.match + 80);
    expect(match).toBeGreaterThan(SHOWN_LINE_BYTES.match - 80);
    expect(context).toBeLessThan(SHOWN_LINE_BYTES.context + 80);
    expect(context).toBeGreaterThan(SHOWN_LINE_BYTES.context - 80);
  });
});
