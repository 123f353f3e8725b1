/**
 * A query word no indexed transcript holds (a misspelling, another word for what the session says) finds nothing and
 * scores nothing: the last line names it, so the reader can ask again in the session's words. On a real session
 * (corpus/more, a Copilot session building tree-sitter grammars).
 */
import { describe, expect, it } from "vitest";
import { PROJECT, realSessions } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const TREE_SITTER = sharedSessionFile("more", "ses_4pbkvtzm5tu4miskfklt");
const lastLine = (text: string) => text.split("\n").at(-1) ?? "";

describe("the words a ranked search found in no transcript", () => {
  it("are named in the last line, while the other words find their hits", async () => {
    const search = await realSessions([TREE_SITTER]);
    const out = await search({ query: "submodule updaet --force", mode: "ranked", scope: PROJECT, limit: 3 });
    expect(out.ranked?.hits.length).toBeGreaterThan(0);
    expect(lastLine(out.text)).toContain("in no indexed transcript: updaet");
    // Words that are there are not named: a query of them only says nothing of the kind.
    const held = await search({ query: "submodule update --force", mode: "ranked", scope: PROJECT, limit: 3 });
    expect(lastLine(held.text)).not.toContain("in no indexed transcript");
  });

  it("are named when nothing matched, beside the no-match line", async () => {
    const search = await realSessions([TREE_SITTER]);
    const out = await search({ query: "zqxjkw vfpbrm", mode: "ranked", scope: PROJECT, limit: 3 });
    expect(out.text.split("\n")[0]).toBe('No matches for "zqxjkw vfpbrm".');
    expect(lastLine(out.text)).toContain("in no indexed transcript: zqxjkw, vfpbrm");
  });
});
