/**
 * A message's units in one hit: a tool call's input and its output (or a message's text and the call after it) are
 * units of their own, and a second one of a message a hit shows adds its lines to that hit instead of taking a place.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { RankedHit } from "../../../src/search/ranked/ranked-search.js";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { withLinesOf } from "../../../src/search/ranked/repeated-lines.js";
import { clip } from "../../../src/search/ranked/shown-line.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { corpusFile } from "../../helpers/transcripts.js";

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

  it("add no line their hit shows already, cut at another place", () => {
    // A user's long request in a real session (a paragraph of more than 500 bytes), written twice in one message: the
    // hit shows it cut to one budget, another unit of its message to another. Shown once, its other lines added.
    const session = JSON.parse(fs.readFileSync(corpusFile("ses_39b709b7fffea1aT6PAuEvX6Zq"), "utf8")) as SessionExport;
    const text = session.messages.flatMap((m) => m.parts.map((p) => ("text" in p ? String(p.text ?? "") : "")));
    const long = text.flatMap((t) => t.split("\n")).find((l) => Buffer.byteLength(l) > 500) as string;
    const shown = [{ line: 12, text: clip(long, 300), match: true }];
    const more = [
      { line: 40, text: clip(long, 450), match: true },
      { line: 41, text: "Done: products replace worlds.", match: false },
    ];
    const merged = withLinesOf(shown, more, 10_000);
    expect(merged.lines.map((l) => l.line)).toEqual([12, 41]);
    // The same line shown whole where the hit shows it cut is more than was shown: it is added.
    expect(withLinesOf(shown, [{ line: 40, text: long, match: true }], 10_000).lines.map((l) => l.line)).toEqual([
      12, 40,
    ]);
  });

  it("add no line their hit shows already under another numbering (a read's, a grep's)", () => {
    // The same line of a file, read (`5: `) and found by a grep (`Line 5: `): one line of the file, shown once.
    const shown = [{ line: 12, text: "5: const port = Number(Bun.env.PORT ?? 4150);", match: true }];
    const more = [
      { line: 80, text: "  Line 5: const port = Number(Bun.env.PORT ?? 4150);", match: true },
      { line: 81, text: "  Line 9: const host = Bun.env.HOST ?? '127.0.0.1';", match: false },
    ];
    expect(withLinesOf(shown, more, 10_000).lines.map((l) => l.line)).toEqual([12, 81]);
  });
});
