/**
 * A ranked hit's long line is shown as a window around the query's first word (ranked/answer-lines.ts, then
 * the shown line's bytes): a secret the window cuts is never shown in part, as in a literal or regex search's window.
 * A real line of a real session (corpus/more, pi-welpy: a note the agent wrote to its memory file, 640 bytes), with an
 * xAI key pasted into it at every other word, each in a session of its own, exported and indexed.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../helpers/indexed-sessions.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { seeded } from "../helpers/secret-samples.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";
import { sharedSessionFile } from "../helpers/transcripts.js";

const WELPY = "ses_187if9h6vqhp4pcyza8k";
const NOTE = "- The `welpy/` modules layer as an acyclic DAG";

/** The note as the session's bash call printed it. */
function realLine(): string {
  const session = JSON.parse(fs.readFileSync(sharedSessionFile("more", WELPY), "utf8")) as SessionExport;
  for (const message of session.messages) {
    for (const part of message.parts) {
      const output = part.type === "tool" && part.state.status === "completed" ? part.state.output : "";
      const line = output.split("\n").find((l) => l.startsWith(NOTE));
      if (line) return line;
    }
  }
  throw new Error(`no line starting ${NOTE} in ${WELPY}`);
}

const xai = PROVIDER_SAMPLES.find((s) => s.label === "xai-")?.build(seeded(11)) ?? "";

function sessionWith(id: string, line: string): SessionExport {
  const s = new SessionBuilder(id, "Module layering notes");
  s.user("print the notes on the module layering");
  s.assistant((b) => {
    b.step();
    b.tool("bash", { command: "cat notes.md" }, line);
    b.finish();
  });
  return s.data;
}

describe("a ranked hit's window over a long line", () => {
  it("never shows part of a secret it cuts, wherever in the line the secret stands", async () => {
    const line = realLine();
    expect(xai).toMatch(/^xai-[A-Za-z0-9]{80}$/);
    const spaces = [...line.matchAll(/ /g)].map((m) => m.index).filter((_, i) => i % 2 === 0);
    const ids = spaces.map((_, i) => `ses_windowcut${String(i).padStart(7, "0")}`);
    const sessions = spaces.map((at, i) =>
      sessionWith(ids[i] as string, `${line.slice(0, at)} ${xai}${line.slice(at)}`),
    );
    const { search } = await indexedSessions(sessions);
    let cut = 0;
    let whole = 0;
    for (const sessionID of ids) {
      const out = await search({ query: "acyclic DAG callback injection", mode: "ranked", scope: PROJECT, sessionID });
      const shown = out.ranked?.hits.flatMap((h) => h.lines.map((l) => l.text)).join("\n") ?? "";
      expect(shown, sessionID).toContain("acyclic");
      // No 8 characters in a row of the key's random part, in the text or the hits (what --json prints).
      for (let i = 4; i + 8 <= xai.length; i++) {
        expect(out.text, sessionID).not.toContain(xai.slice(i, i + 8));
        expect(shown, sessionID).not.toContain(xai.slice(i, i + 8));
      }
      if (out.text.includes("[redacted: token cut at the edge]")) cut++;
      if (out.text.includes("[redacted: xAI API key]")) whole++;
    }
    // The sweep put the key across both edges of the window, inside it, and outside it.
    expect(cut).toBeGreaterThanOrEqual(2);
    expect(whole).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
