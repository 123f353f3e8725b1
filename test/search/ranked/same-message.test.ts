/**
 * A message's units in one hit: a tool call's input and its output (or a message's text and the call after it) are
 * units of their own, and a second one of a message a hit shows adds its lines to that hit instead of taking a place.
 */
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

/** A session whose one message runs the migration and reports it, and two others that speak of migrations. */
function sessions() {
  const ran = new SessionBuilder("ses_samemessageran01", "Migration");
  ran.user("Run the orders migration on staging.");
  ran.assistant((b) => {
    b.text("Running the orders migration on staging now.");
    b.tool("bash", { command: "./migrate.sh orders --env staging" }, "orders migration: 1,204 rows moved in 3.2 s");
  });
  const others = ["ses_samemessageoth01", "ses_samemessageoth02"].map((id, i) => {
    const s = new SessionBuilder(id, `Other ${i}`, "/projects/demo", `O${i}`);
    s.user("What does the orders migration do on staging?");
    s.assistant((b) => b.text("The orders migration moves rows from the old orders table when run on staging."));
    return s.data;
  });
  return [ran.data, ...others];
}

const ofRan = (hits: readonly RankedHit[]) => hits.filter((h) => h.file.sessionID === "ses_samemessageran01");

describe("the units of one message in a ranked search", () => {
  it("are one hit, showing the lines of each, and leave the other places to other messages", async () => {
    const { search } = await indexedSessions(sessions());
    const query = "orders migration staging rows";
    const out = await search({ query, mode: "ranked", scope: PROJECT, limit: 5 });
    const hits = out.ranked?.hits as RankedHit[];
    const message = ofRan(hits).filter((h) => h.role !== "user");
    expect(message).toHaveLength(1);
    const texts = message[0]?.lines.map((l) => l.text) ?? [];
    expect(texts).toContain("orders migration: 1,204 rows moved in 3.2 s");
    expect(texts.some((t) => t.includes("migrate.sh orders") || t.includes("Running the orders migration"))).toBe(true);
    // In line order, each once.
    const numbers = message[0]?.lines.map((l) => l.line) ?? [];
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
    // The other sessions' messages have places of their own.
    expect(new Set(hits.map((h) => h.file.sessionID)).size).toBe(3);
  });

  it("take a place each when the profile adds no lines to a hit of their message", async () => {
    const { search } = await indexedSessions(sessions());
    const profile = { ...DEFAULT_PROFILE, lines: { ...DEFAULT_PROFILE.lines, sameMessage: 0 } };
    const query = "orders migration staging rows";
    const out = await search({ query, mode: "ranked", scope: PROJECT, limit: 5, profile });
    const message = ofRan(out.ranked?.hits ?? []).filter((h) => h.role !== "user");
    expect(message.length).toBeGreaterThan(1);
  });
});
