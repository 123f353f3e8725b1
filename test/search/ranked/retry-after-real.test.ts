/**
 * What the agent ran next after a failed call, on a real session (corpus/more, a Copilot session building
 * tree-sitter grammars): `git submodule update --init --recursive > submodule_log.txt 2>&1` failed, and after reading
 * the log the agent ran `git submodule update --init --recursive --force`. A hit on the failed call shows that retry
 * (a call that did not fail has none: tool-call-lines.test.ts).
 */
import { describe, expect, it } from "vitest";
import { askRealSession } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const TREE_SITTER = "ses_4pbkvtzm5tu4miskfklt";
const FAILED = "git submodule update --init --recursive > submodule_log.txt";
const RETRY = "git submodule update --init --recursive --force";

describe("the retry after a failed call, on a real session", () => {
  it("shows the command the agent ran next after the failure", async () => {
    const out = await askRealSession(
      sharedSessionFile("more", TREE_SITTER),
      "how did we get the submodule update into submodule_log.txt to work?",
    );
    const hit = out.ranked?.hits.find((h) => h.lines.some((l) => l.text.includes(FAILED)));
    expect(hit).toBeDefined();
    const retry = hit?.lines.find((l) => l.text.includes(RETRY));
    expect(retry?.match).toBe(false);
    // After the failure's own lines, in line order.
    expect(retry?.line).toBe(Math.max(...(hit?.lines.map((l) => l.line) ?? [])));
  });
});
