/**
 * Identifiers as a real session writes them (corpus/more, pi-welpy: a window manager in Python): a snake_case name,
 * a dotted module attribute and a path are found whole and by their words, as a developer asks for them later.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const WELPY = "ses_187if9h6vqhp4pcyza8k";

describe("identifiers in a real session", () => {
  it("are found whole and by their words: snake_case, dotted and path parts", async () => {
    const session = JSON.parse(fs.readFileSync(sharedSessionFile("more", WELPY), "utf8")) as SessionExport;
    const { search } = await indexedSessions([session]);
    const best = async (query: string) => {
      const out = await search({ query, mode: "ranked", scope: PROJECT, sessionID: WELPY, limit: 10 });
      return (out.ranked?.hits ?? []).flatMap((h) => h.lines.filter((l) => l.match).map((l) => l.text));
    };
    // Each identifier, asked whole and in words, is on the first hit's best line.
    for (const [identifier, words] of [
      ["session_lock", "session lock"],
      ["output.reconcile", "output reconcile"],
      ["welpy/reflow.py", "welpy reflow py"],
    ] as const) {
      expect((await best(identifier))[0]).toContain(identifier);
      expect((await best(words))[0]).toContain(identifier);
    }
  });
});
