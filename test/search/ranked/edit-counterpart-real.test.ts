/**
 * What an edit made of the lines it changed, on a real session of corpus/more: a Claude Code session whose
 * deposit-counting script sent its `getTransaction` requests as one batched JSON-RPC body, which the endpoint answered
 * with something else (`TypeError: r is not iterable`); the edit that followed replaced the batch with concurrent
 * single calls. The edit's old text is the script as it was written, which the question's words find first; the line
 * the edit put in its place (`const CONC = 20;`) answers how the fetching was changed, and the edit's hit shows it.
 */
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { lineText, repeats, withLinesOf } from "../../../src/search/ranked/repeated-lines.js";
import { askWithProfile } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const X402 = "ses_r3k6vlm4whbmgw615wfy";

/** The lines the hits on `edit` calls show. */
const editLines = (hits: readonly RankedHit[] | undefined) =>
  (hits ?? []).filter((h) => h.tool === "edit").flatMap((h) => h.lines);

describe("an edit's counterpart line, on a real session", () => {
  it("shows what the edit put in place of the old lines it shows", async () => {
    for (const question of [
      "what replaced the JSON-RPC batching in count_demo after it failed",
      "after r is not iterable, what changed in how the script fetches each transaction",
    ]) {
      const ask = await askWithProfile([sharedSessionFile("more", X402)], question, X402);
      const lines = editLines((await ask({})).ranked?.hits);
      // The old lines the question's words found, and the new one the edit wrote in their place, marked as such.
      expect(lines.some((l) => l.text.includes("BATCH"))).toBe(true);
      expect(lines.find((l) => l.text.trim() === "const CONC = 20;")?.counterpart).toBe(true);
    }
  });

  it("is new to the hits when the old lines beside it repeat what a hit before showed", () => {
    const old = [
      { line: 751, text: "    const batch = okSigs.slice(i, i + BATCH);", match: false },
      { line: 753, text: "      jsonrpc: '2.0', id: idx, method: 'getTransaction',", match: true },
      {
        line: 754,
        text: "      params: [sig, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]",
        match: false,
      },
    ];
    const said = new Set(old.map((l) => lineText(l.text)));
    const replacement = { line: 770, text: "  const CONC = 20;", match: false };
    expect(repeats([...old, replacement], said)).toBe(true);
    expect(repeats([...old, { ...replacement, counterpart: true }], said)).toBe(false);
  });

  it("comes first after the best line when its unit's lines are added to a hit of its message", () => {
    // An aider session (ses_1c4x02dz0kub7il0mu1x, lines 744-763 of corpus/more): the message's text about the failed
    // SEARCH block is the hit, and the corrected edit's lines are added to it in the bytes left; what the edit
    // replaced is its old text's line, the counterpart of the new import line.
    const hit = [
      {
        line: 744,
        text: "## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in cli_hooks/validator_invoker.ts",
        match: true,
      },
    ];
    const edit = [
      { line: 758, text: '[tool edit · completed · "cli_hooks/validator_invoker.ts"]', match: false },
      { line: 759, text: "filePath: cli_hooks/validator_invoker.ts", match: false },
      {
        line: 760,
        text: "oldString: // Invokes PoIValidator and MentorRegistry from afi-core",
        match: false,
        counterpart: true,
      },
      { line: 761, text: "newString: import { SignalScorer } from '../validators/SignalScorer';", match: true },
    ];
    const added = (bytes: number) => withLinesOf(hit, edit, bytes).lines.map((l) => l.line);
    // Room for two lines: the edit's best line, then what it replaced, before its marker and path.
    expect(added(150)).toEqual([744, 760, 761]);
    expect(added(1_000)).toEqual([744, 758, 759, 760, 761]);
  });
});
