import crypto from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExportResult } from "../../../src/transcripts/export/export-transcript.js";
import { SearchIndex } from "../../../src/transcripts/index/search-index.js";
import { dumpAndRebuild } from "../../helpers/index-rows.js";
import { exportAll, indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { SessionBuilder, syntheticSession } from "../../helpers/synthetic-session.js";
import { type TestDataContext, testDataContext } from "../../helpers/transcripts.js";

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
      "SELECT first_line, first_line + line_span AS last_line FROM units ORDER BY first_line",
    );
    expect(units.length).toBeGreaterThan(3);
    const words = (of: readonly string[]) => of.map(termOf).filter((w) => w.length >= 8);
    // Not vacuous: a random key's rows give about 30 such words (each row's longest run of 8 to 40 letters and
    // digits), more or fewer from run to run; "more than 30" failed one run in a few.
    expect(words(rows).length).toBeGreaterThan(10);
    for (const word of words(rows)) expect([word, count(word)]).toEqual([word, 0]);
    for (const word of words(blob)) expect([word, count(word)]).toEqual([word, 1]);
  });
});

describe("a batch of index updates", () => {
  const sessions = [0, 1, 2].map((n) => syntheticSession(3, `ses_indexbatch0000${n}`, 300));
  const target = (data: TestDataContext, result: ExportResult) => ({
    sessionID: result.sessionID,
    path: result.path,
    relative: path.relative(data.transcriptsDir, result.path),
  });
  /** Transcripts exported with the index left out, so the test says when and how they are indexed. */
  async function unindexed() {
    const data = testDataContext();
    const results = await exportAll(
      data,
      sessions.map((s) => s.data),
    );
    data.searchIndex.remove();
    return { data, results };
  }
  const count = async (index: SearchIndex) => {
    const health = await index.forReading();
    if (!health.usable) return -1;
    return health.connection.get<{ n: number }>("SELECT count(*) AS n FROM sessions")?.n ?? -1;
  };

  it("commits its updates at its end, and leaves the index one update at a time makes", async () => {
    const { data, results } = await unindexed();
    let seenInside = -1;
    await data.searchIndex.batch(async () => {
      for (const r of results) await data.searchIndex.update(target(data, r));
      // Another connection sees nothing of the batch before its commit.
      const other = new SearchIndex(data.options.dataDir);
      seenInside = await count(other);
      other.close();
    });
    expect(seenInside).toBe(0);
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(dump.sessions).toHaveLength(3);
    expect(rebuilt).toEqual(dump);
  });

  it("is undone whole by an update that fails in it; the updates after it land, and the next update of each catches up", async () => {
    const { data, results } = await unindexed();
    const [first, second, third] = results as [ExportResult, ExportResult, ExportResult];
    let failure: unknown;
    await data.searchIndex.batch(async () => {
      await data.searchIndex.update(target(data, first));
      await data.searchIndex.update({ ...target(data, second), path: `${second.path}.gone` }).catch((e) => {
        failure = e;
      });
      await data.searchIndex.update(target(data, third));
    });
    expect(String(failure)).toMatch(/ENOENT/);
    const indexed = async () => {
      const health = await data.searchIndex.forReading();
      if (!health.usable) throw new Error(health.reason);
      return health.connection.all<{ session_id: string }>("SELECT session_id FROM sessions ORDER BY session_id");
    };
    // The first went with the batch; the third ran on its own after it.
    expect((await indexed()).map((r) => r.session_id)).toEqual([third.sessionID]);
    for (const r of results) await data.searchIndex.update(target(data, r));
    data.searchIndex.close();
    const { dump, rebuilt } = await dumpAndRebuild(data.options.dataDir, data.transcriptsDir);
    expect(rebuilt).toEqual(dump);
  });

  it("keeps what was indexed when the work in it throws, and runs inside another batch as part of it", async () => {
    const { data, results } = await unindexed();
    const run = data.searchIndex.batch(async () => {
      await data.searchIndex.update(target(data, results[0] as ExportResult));
      await data.searchIndex.batch(async () => {
        await data.searchIndex.update(target(data, results[1] as ExportResult));
      });
      throw new Error("the work stopped");
    });
    await expect(run).rejects.toThrow("the work stopped");
    expect(await count(data.searchIndex)).toBe(2);
  });
});
