/**
 * The asking session's earlier reply may quote a line an earlier search showed (the agent repeating a result, as the
 * live tests' stub model does): ranked first, that quote must not hide the line's own session as a repeat, or the
 * answer names the quote and not the session that said it.
 */
import { describe, expect, it } from "vitest";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

const DECISION =
  "For the record: we settled on a leaky bucket for the rate limiter, 50 requests per second per client.";
const SOURCE = "ses_quotedsource0001";
const ASKING = "ses_quotedasking0001";

function sessions() {
  const source = new SessionBuilder(SOURCE, "Throttling decisions");
  source.user(DECISION);
  source.assistant((b) => {
    b.step();
    b.text("Noted.");
    b.finish();
  });
  const asking = new SessionBuilder(ASKING, "Asking");
  asking.user("What did we settle on for the leaky bucket rate limiter?");
  asking.assistant((b) => {
    b.step();
    // The reply repeats the search's result, its line number and all.
    b.text(`The search found it:\n20: ${DECISION}\nSo: a leaky bucket rate limiter, 50 requests per second.`);
    b.finish();
  });
  asking.user("And which session was the leaky bucket rate limiter decided in?");
  const turn = asking.assistant(
    (b) => {
      b.step();
    },
    { completed: false },
  );
  return { data: [source.data, asking.data], asking: { sessionID: ASKING, messageID: turn.info.id } };
}

describe("a quote of a line in the asking session's earlier reply", () => {
  it("does not hide the session that said the line", async () => {
    const { data, asking } = sessions();
    const { search } = await indexedSessions(data);
    const out = await search({ query: "leaky bucket rate limiter", mode: "ranked", scope: PROJECT, limit: 5, asking });
    const hits = out.ranked?.hits ?? [];
    const source = hits.find((h) => h.file.sessionID === SOURCE);
    expect(source, out.text).toBeDefined();
    expect(source?.lines.find((l) => l.match)?.text).toBe(DECISION);
    // The quote stays a hit of its own: it is what the agent said.
    expect(hits.some((h) => h.file.sessionID === ASKING)).toBe(true);
  });

  it("still hides a copy of the line in a third session", async () => {
    const { data, asking } = sessions();
    const copy = new SessionBuilder("ses_quotedcopy000001", "Copy");
    copy.user(DECISION);
    const { search } = await indexedSessions([...data, copy.data]);
    const out = await search({ query: "leaky bucket rate limiter", mode: "ranked", scope: PROJECT, limit: 5, asking });
    const showing = (out.ranked?.hits ?? []).filter((h) => h.lines.some((l) => l.text === DECISION));
    expect(showing, out.text).toHaveLength(1);
    expect(out.text).toContain("1 repeated hit left out");
  });
});
