import { it } from "vitest";
import { indexedLedger } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

it("smoke", async () => {
  const a = new SessionBuilder("ses_aaaaaaaaaaaa01", "Build fixes");
  for (let i = 0; i < 5; i++) a.turn(i, 800);
  const b = new SessionBuilder("ses_bbbbbbbbbbbb01", "Rate limits");
  b.user("How should the API throttle clients?");
  b.assistant((p) => { p.text("We decided to use a token bucket rate limiter with 50 requests per second for ERR_RATE_LIMITED."); p.finish(); });
  const { search, ledger } = await indexedLedger([a.data, b.data]);
  const out = await search({ query: "what did we decide about the rate limiter", scope: "/projects/demo" });
  console.log(out.text);
  const lit = await search({ query: "token bucket", mode: "literal", scope: "/projects/demo" });
  console.log(lit.text);
  console.log(ledger.log.lines ?? ledger.log);
});
