import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

// A 4096-bit key is about 50 rows: a unit holds at most 32 lines, so the key straddles units and the later ones
// hold rows without the BEGIN line.
const { privateKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 4096,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const rows = privateKey.trimEnd().split("\n").slice(1, -1);
const blob =
  crypto
    .randomBytes(3000)
    .toString("base64")
    .match(/.{1,64}/g) ?? [];
const prose = Array.from({ length: 20 }, (_, i) => `step ${i}: copied the deploy material into place`);

/** A word of a row as the index keeps words: the longest run of letters and digits of at most 40. */
const termOf = (row: string) =>
  row
    .split(/[^A-Za-z0-9]/)
    .filter((w) => w.length <= 40)
    .reduce((a, b) => (b.length > a.length ? b : a), "");

describe("the index never stores the rows of a private key", () => {
  it("leaves out the rows of a key that straddles units, and keeps base64 no key heads", async () => {
    const s = new SessionBuilder("ses_keyunits00001", "Deploy key");
    s.user("show me the deploy key and the attachment");
    s.assistant((b) => {
      b.step();
      b.tool("bash", { command: "cat deploy.pem", description: "Show the key" }, [...prose, privateKey].join("\n"));
      b.tool("bash", { command: "base64 logo.png", description: "Encode" }, blob.join("\n"));
      b.text("Both shown above.");
      b.finish();
    });
    const { data } = await indexedSessions([s.data], PROJECT);
    const health = await data.searchIndex.forReading();
    if (!health.usable) throw new Error(health.reason);
    const count = (term: string) =>
      health.connection.get<{ n: number }>("SELECT count(*) AS n FROM unit_text WHERE unit_text MATCH ?", `"${term}"`)
        ?.n ?? -1;
    expect(count("deploy")).toBeGreaterThan(0);
    const units = health.connection.all<{ first_line: number; last_line: number }>(
      "SELECT first_line, last_line FROM units ORDER BY first_line",
    );
    expect(units.length).toBeGreaterThan(3);
    const words = (of: readonly string[]) => of.map(termOf).filter((w) => w.length >= 8);
    expect(words(rows).length).toBeGreaterThan(30);
    for (const word of words(rows)) expect([word, count(word)]).toEqual([word, 0]);
    for (const word of words(blob)) expect([word, count(word)]).toEqual([word, 1]);
  });
});
