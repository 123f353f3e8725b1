/**
 * The recall evaluation's scoring reads what the plugin's searches really render: a ranked hit's answering line under
 * its header, a literal search's match line. (It once read only the literal form, so every ranked answer counted as
 * not found.)
 */
import { describe, expect, it } from "vitest";
import { rankedHits } from "../../bench/coding-recall-score.js";
import type { RecallCase } from "../../bench/recall-cases.js";
import { score } from "../../bench/recall-eval-score.js";
import { indexedSessions, PROJECT } from "../helpers/indexed-sessions.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";

const ANSWER = "ses_scoreanswer00001";

async function searchOfTwo() {
  const answer = new SessionBuilder(ANSWER, "Retries");
  answer.user("How many retries does the uploader make?");
  answer.assistant((b) => b.text("The uploader retries 5 times with exponential backoff, then gives up."));
  const other = new SessionBuilder("ses_scoreother000001", "Other");
  other.user("The uploader logs each retry to stderr.");
  other.assistant((b) => b.text("Retry logging stays on stderr."));
  return (await indexedSessions([other.data, answer.data])).search;
}

const retries: RecallCase = {
  name: "uploader retries",
  kind: "test",
  query: "uploader retries backoff",
  session: ANSWER,
  holds: "retries 5 times",
};

describe("the recall evaluation's scoring", () => {
  it("finds the answer in a ranked result, at the rank of its hit, with the bytes before it", async () => {
    const search = await searchOfTwo();
    const out = await search({ query: retries.query, mode: "ranked", scope: PROJECT });
    const s = score(out.text, retries);
    // Each hit's session is the heading above its header (read as the coding recall evaluation reads it).
    const at = rankedHits(out.text).findIndex((h) => h.session === ANSWER);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(s.rank).toBe(at + 1);
    // Bytes, not characters: a heading's separators are two bytes each.
    const from = Buffer.from(out.text).subarray(s.bytesBefore).toString("utf8");
    expect(from).toMatch(/^\d+: The uploader retries 5 times/);
  });

  it("finds it in a literal result, and not in another session's line that holds the same text", async () => {
    const search = await searchOfTwo();
    const out = await search({ query: "retries 5 times", mode: "literal", scope: PROJECT });
    expect(score(out.text, retries).rank).toBe(1);
    expect(score(out.text, { ...retries, session: "ses_scoreother000001" }).rank).toBeUndefined();
  });
});
