import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../../../src/search/ranked/ranking-profile.js";
import { inOrder, liftedBySession } from "../../../src/search/ranked/session-order.js";
import { exportAll, indexedSessions, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { PROVIDER_SAMPLES } from "../../helpers/provider-samples.js";
import { seeded } from "../../helpers/secret-samples.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";

const DAY = 86_400_000;
const { lift, repeat, perSession: PER_SESSION } = DEFAULT_PROFILE.sessions;

/** Sessions of routine build turns, with one line that answers a question hidden in one of them. */
function haystack(count: number, turns = 4): SessionBuilder[] {
  return Array.from({ length: count }, (_, i) => {
    const s = new SessionBuilder(`ses_haystack${String(i).padStart(8, "0")}`, `Routine work ${i}`);
    for (let t = 0; t < turns; t++) s.turn(t + i * 10, 600);
    return s;
  });
}

function decision(id: string, text: string, title = "Throttling") {
  const s = new SessionBuilder(id, title);
  s.user("How should the public API treat clients that send too much?");
  s.assistant((b) => {
    b.step();
    b.text(text);
    b.finish();
  });
  return s;
}

/** Units of the second look, as session and score. */
const units = (scores: [string, number][]) => scores.map(([session_id, score]) => ({ score, row: { session_id } }));
const named = (scored: { score: number; row: { session_id: string } }[]) =>
  scored.map((s) => `${s.row.session_id} ${Math.round(s.score * 100) / 100}`);

describe("the order of ranked hits across sessions", () => {
  it("lifts each unit by the profile's share of the best other unit of its session", () => {
    const scored = units([
      ["a", 10],
      ["b", 9],
      ["b", 8],
      ["b", 8],
      ["c", 7],
    ]);
    liftedBySession(scored, lift);
    // b's units lift one another (past a, with the default lift); a unit alone in its session keeps its score.
    const b = [9 + lift * 8, 8 + lift * 9, 8 + lift * 9];
    expect(b[0]).toBeGreaterThan(10);
    expect(named(scored)).toEqual(named(units([["a", 10], ...b.map((v): [string, number] => ["b", v]), ["c", 7]])));
    const none = units([
      ["a", 10],
      ["b", 9],
      ["b", 8],
    ]);
    liftedBySession(none, 0);
    expect(named(none)).toEqual(["a 10", "b 9", "b 8"]);
  });

  it("puts another session's nearly as good unit before a session's second, and keeps the best first", () => {
    const sorted = units([
      ["a", 10],
      ["a", 9.5],
      ["b", 9],
      ["a", 8],
      ["c", 5],
    ]);
    // 9.5 weighs 9.5 * repeat once a is ahead: b's 9 comes first; a's third weighs 8 * repeat², still before c.
    expect(9.5 * repeat).toBeLessThan(9);
    expect(8 * repeat ** 2).toBeGreaterThan(5);
    expect(named(inOrder(sorted, repeat))).toEqual(["a 10", "b 9", "a 9.5", "a 8", "c 5"]);
    // A profile whose repeat weight is 1 keeps the scores' order.
    expect(named(inOrder(sorted, 1))).toEqual(["a 10", "a 9.5", "b 9", "a 8", "c 5"]);
    // Far apart, the order is the scores'.
    const apart = units([
      ["a", 10],
      ["a", 9.5],
      ["b", 2],
    ]);
    expect(named(inOrder(apart, repeat))).toEqual(["a 10", "a 9.5", "b 2"]);
    expect(inOrder([], repeat)).toEqual([]);
  });
});

describe("ranked search", () => {
  it("redacts a secret shown in a hit's lines or context, says so, and leaves the transcript verbatim", async () => {
    const docker = PROVIDER_SAMPLES.find((p) => p.label === "dckr_pat_")?.build(seeded(7)) ?? "";
    expect(docker).toMatch(/^dckr_pat_/);
    const answer = decision(
      "ses_redactranked0001",
      `Decision: the rate limiter uses a token bucket of 50 requests per second.\ndocker login -p ${docker} registry`,
    );
    const { search, exported } = await indexedSessions([...haystack(2), answer].map((s) => s.data));
    const out = await search({ query: "rate limiter token bucket", mode: "ranked", scope: PROJECT, contextLines: 3 });
    expect(out.ranked?.hits[0]?.file.sessionID).toBe("ses_redactranked0001");
    expect(out.text).toContain("[redacted: Docker Hub token]");
    expect(out.text).not.toContain(docker);
    expect(JSON.stringify(out.ranked?.hits)).not.toContain(docker);
    expect(out.text.split("\n").at(-1)).toMatch(/^\[secret guard\] \d+ values? that looks? like/);
    const file = exported.find((e) => e.sessionID === "ses_redactranked0001")?.path ?? "";
    expect(fs.readFileSync(file, "utf8")).toContain(docker);
    // The line with the token is indexed redacted: found by its other words, the value nowhere in the index's bytes.
    const login = await search({ query: "docker login registry", mode: "ranked", scope: PROJECT });
    expect(login.text).toContain("docker login -p [redacted: Docker Hub token] registry");
    const indexDir = path.dirname(path.dirname(path.dirname(file)));
    const indexFiles = fs.readdirSync(indexDir).filter((f) => f.startsWith("search-index.db"));
    expect(indexFiles).toContain("search-index.db");
    for (const name of indexFiles) {
      const bytes = fs.readFileSync(path.join(indexDir, name));
      expect(bytes.includes(Buffer.from(docker.slice(9, 30))), name).toBe(false);
      expect(bytes.includes(Buffer.from(docker.slice(9, 30).toLowerCase())), name).toBe(false);
    }
    const raw = await search({
      query: "rate limiter token bucket",
      mode: "ranked",
      scope: PROJECT,
      contextLines: 3,
      redact: false,
    });
    expect(raw.text).toContain(docker);
  });

  it("redacts the rows of a private key shown as context when the key's BEGIN line is out of view", async () => {
    const { privateKey } = crypto.generateKeyPairSync("ec", {
      namedCurve: "P-384",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const key = privateKey.trimEnd().split("\n");
    expect(key.length).toBeGreaterThan(4);
    const answer = decision(
      "ses_keyrowsranked001",
      `The deploy key, pasted by mistake:\n${key.join("\n")}\nRotation: the zebracorn credentials expire on friday.`,
    );
    const { search, exported } = await indexedSessions([...haystack(2), answer].map((s) => s.data));
    // Two lines of context before the hit show the key's last row and its END line; BEGIN is further up.
    const out = await search({
      query: "zebracorn credentials expire",
      mode: "ranked",
      scope: PROJECT,
      contextLines: 2,
    });
    expect(out.ranked?.hits[0]?.file.sessionID).toBe("ses_keyrowsranked001");
    expect(out.text).toContain("zebracorn credentials expire on friday");
    expect(out.text).not.toContain(key[0]);
    for (const row of key.slice(1, -1)) expect(out.text).not.toContain(row);
    expect(out.text).toContain("[redacted: private key block]");
    const file = exported.find((e) => e.sessionID === "ses_keyrowsranked001")?.path ?? "";
    expect(fs.readFileSync(file, "utf8")).toContain(key.at(-2) as string);
  });

  it("names the session once, in its heading above its hits, and shows their lines by number alone, as the transcript numbers them", async () => {
    const answer = decision("ses_decision00000002", "Decision: the retry budget is 3 attempts with a 250 ms backoff.");
    const { search } = await indexedSessions([...haystack(3), answer].map((s) => s.data));
    const out = await search({ query: "what retry budget did we settle on", mode: "ranked", scope: PROJECT });
    const lines = out.text.split("\n");
    const header = lines.findIndex((l) => /^## 1 · /.test(l));
    expect(header).toBeGreaterThanOrEqual(1);
    expect(lines[header - 1]).toMatch(/^# ses_decision00000002 · "/);
    const block = lines.slice(
      header + 1,
      lines.findIndex((l, i) => i > header && !/^\d+[:-] /.test(l)),
    );
    expect(block.length).toBeGreaterThan(0);
    // No line repeats the transcript's name; the answering one reads `N: text`, where N is the line
    // memory_session_read(sessionID, offset N) starts at.
    expect(out.text).not.toMatch(/^ses_\w+\.md[:-]/m);
    const shown = block.find((l) => /^\d+: /.test(l)) as string;
    expect(shown).toContain("retry budget is 3 attempts");
    const file = out.ranked?.hits[0]?.file.path as string;
    const number = Number(shown.slice(0, shown.indexOf(":")));
    const read = fs.readFileSync(file, "utf8").split("\n")[number - 1]?.trimStart();
    expect(read).toBe(`${number}\t${shown.slice(shown.indexOf(": ") + 2)}`);
  }, 120_000);

  it("answers a question asked in words, not verbatim, with the answering line first", async () => {
    const answer = decision(
      "ses_decision00000001",
      "Decision: the rate limiter uses a token bucket of 50 requests per second per client.",
    );
    const { search } = await indexedSessions([...haystack(6), answer].map((s) => s.data));
    const out = await search({ query: "what did we decide about the rate limiter", mode: "ranked", scope: PROJECT });
    const first = out.ranked?.hits[0];
    expect(first?.file.sessionID).toBe("ses_decision00000001");
    expect(first?.role).toBe("assistant");
    expect(first?.lines.find((l) => l.match)?.text).toContain("token bucket of 50 requests");
    expect(out.text).toMatch(/^# ses_decision00000001 · "Throttling"\n## 1 · assistant · 2026-/m);
    expect(out.text).toMatch(/^\d+: Decision: the rate limiter uses a token bucket/m);
    // The hits shown, never a count of "matching units": the candidates the index handed over are not the matches.
    expect(out.text.split("\n").at(-1)).toMatch(
      /^\[search\] ranked: searched all 7 transcripts in this project · \d+ hits?( · |$)/,
    );
    expect(out.text.split("\n").at(-1)).not.toContain("matching unit");
    // At the limit the note says how many, once.
    const one = await search({
      query: "what did we decide about the rate limiter",
      mode: "ranked",
      scope: PROJECT,
      limit: 1,
    });
    expect(one.text.split("\n").at(-1)).toMatch(
      /^\[search\] ranked: searched all 7 transcripts in this project · (?:.* · )?limit 1 reached: raise limit for more$/,
    );
    expect(one.text.split("\n").at(-1)).not.toMatch(/\b1 hit\b/);
    // The language's own words are left out unnamed; a word of the conversation is named, once when said twice.
    expect(out.text.split("\n").at(-1)).not.toContain("common words");
    const twice = await search({
      query: "What did the limiter say about the rate, say?",
      mode: "ranked",
      scope: PROJECT,
    });
    expect(twice.text.split("\n").at(-1)).toMatch(/ · common words left out: say$/);
    // "How many" asks for a number: its quantifier is the language's too, left out unnamed.
    const count = await search({ query: "How many times did the limiter retry?", mode: "ranked", scope: PROJECT });
    expect(count.text.split("\n").at(-1)).not.toContain("common words");
  });

  it("requires quoted phrases, and finds words that never stand on one line", async () => {
    const split = decision(
      "ses_splitwords000001",
      "The retry budget is three.\nAfter that the queue goes to the dead letter store.",
    );
    const near = decision("ses_phrasemiss000001", "A letter was dead on arrival; the queue was fine.");
    const { search } = await indexedSessions([split.data, near.data, ...haystack(3).map((s) => s.data)]);
    const words = await search({ query: "retry budget dead letter", mode: "ranked", scope: PROJECT });
    expect(words.ranked?.hits[0]?.file.sessionID).toBe("ses_splitwords000001");
    const phrase = await search({ query: '"dead letter" queue', mode: "ranked", scope: PROJECT });
    expect(phrase.ranked?.hits.map((h) => h.file.sessionID)).toEqual(["ses_splitwords000001"]);
  });

  it("keeps identifiers, paths, error codes and versions whole", async () => {
    const code = decision("ses_wholetokens00001", "It failed with ERR_SOCKET_TIMEOUT in src/net/pool.ts on v1.18.33.");
    const parts = decision(
      "ses_looseparts000001",
      "The socket had a timeout; err was logged in the pool, see net src 33.",
    );
    const { search } = await indexedSessions([code.data, parts.data]);
    for (const query of ["ERR_SOCKET_TIMEOUT", "src/net/pool.ts", "v1.18.33", "pool.ts"]) {
      const out = await search({ query, mode: "ranked", scope: PROJECT });
      expect(out.ranked?.hits[0]?.file.sessionID, query).toBe("ses_wholetokens00001");
    }
  });

  it("lets a strong old match beat a weak new one, and a message beat a tool dump that mentions the words", async () => {
    const now = Date.now();
    const old = decision(
      "ses_strongold0000001",
      "We chose SQLite WAL mode so readers never block the writer: WAL mode, final.",
    );
    const recent = new SessionBuilder("ses_weaknew000000001", "Recent");
    recent.user("Let us look at the logs.");
    recent.assistant((b) => {
      b.tool(
        "bash",
        { command: "cat server.log" },
        Array.from({ length: 60 }, (_, i) => `line ${i}: sqlite busy, retrying (mode ${i})`).join("\n"),
      );
      b.text("Nothing unusual there; readers are fine.");
    });
    old.data.messages.forEach((m) => {
      m.info.time.created = now - 200 * DAY;
    });
    recent.data.messages.forEach((m) => {
      m.info.time.created = now - DAY;
    });
    const { search } = await indexedSessions([old.data, recent.data]);
    const out = await search({ query: "sqlite WAL mode readers", mode: "ranked", scope: PROJECT });
    expect(out.ranked?.hits[0]?.file.sessionID).toBe("ses_strongold0000001");
  });

  it("caps the hits of one session while others have hits, and says what it left out", async () => {
    const loud = new SessionBuilder("ses_loudsession00001", "Loud");
    for (let i = 0; i < 8; i++) {
      loud.user(`Cache eviction question ${i}`);
      loud.assistant((b) => b.text(`Cache eviction answer ${i}: least recently used.`));
    }
    const quiet = decision("ses_quietsession0001", "Cache eviction: we evict by size, not by age.");
    const { search } = await indexedSessions([loud.data, quiet.data]);
    const ofSessions = async (limit: number) => {
      const out = await search({ query: "cache eviction", mode: "ranked", scope: PROJECT, limit });
      return { text: out.text, sessions: out.ranked?.hits.map((h) => h.file.sessionID) ?? [] };
    };
    const loudIn = (sessions: string[]) => sessions.filter((id) => id === "ses_loudsession00001").length;
    // The places the other sessions leave go to the capped session's next units, after every other session's.
    const all = await ofSessions(20);
    const quietHits = all.sessions.length - loudIn(all.sessions);
    expect(quietHits).toBeGreaterThan(0);
    expect(loudIn(all.sessions)).toBeGreaterThan(PER_SESSION);
    expect(loudIn(all.sessions.slice(0, PER_SESSION + quietHits))).toBe(PER_SESSION);
    expect(all.text).not.toMatch(/more hits? in sessions shown/);
    // A limit the capped session's next units would pass: they wait, and the last line says so.
    const few = await ofSessions(PER_SESSION + quietHits + 1);
    expect(few.sessions).toEqual(all.sessions.slice(0, PER_SESSION + quietHits + 1));
    expect(few.text).toMatch(/\d+ more hits? in sessions shown: pass sessionID for one session's(?:$| )/);
    const one = await search({
      query: "cache eviction",
      mode: "ranked",
      scope: PROJECT,
      sessionID: "ses_loudsession00001",
      limit: 20,
    });
    expect(one.ranked?.hits.length).toBeGreaterThan(PER_SESSION);
    expect(one.ranked?.hits.every((h) => h.file.sessionID === "ses_loudsession00001")).toBe(true);
  });

  it("filters by role and by time, and refuses filters it cannot apply", async () => {
    const s = new SessionBuilder("ses_filtered00000001", "Filters");
    s.user("Please migrate the invoices table.");
    s.assistant((b) => {
      b.reasoning("The invoices table needs a new column.");
      b.tool("bash", { command: "psql -c 'alter table invoices'" }, "ALTER TABLE invoices done");
      b.text("The invoices table is migrated.");
    });
    const { search } = await indexedSessions([s.data]);
    const roles = async (role: "user" | "assistant" | "reasoning" | "tool-input" | "tool-output" | "tool") =>
      (await search({ query: "invoices", mode: "ranked", scope: PROJECT, role })).ranked?.hits.map((h) => h.role);
    expect(await roles("user")).toEqual(["user"]);
    expect(await roles("reasoning")).toEqual(["reasoning"]);
    // A call's input and its output are one message: one hit, showing both.
    expect(await roles("tool")).toEqual(["tool-input"]);
    const tool = await search({ query: "invoices", mode: "ranked", scope: PROJECT, role: "tool" });
    expect(tool.ranked?.hits[0]?.lines.map((l) => l.text)).toEqual(
      expect.arrayContaining(["command: psql -c 'alter table invoices'", "ALTER TABLE invoices done"]),
    );
    expect(await roles("tool-output")).toEqual(["tool-output"]);
    const created = s.data.messages[0]?.info.time.created as number;
    const day = new Date(created).toISOString().slice(0, 10);
    expect(
      (await search({ query: "invoices", mode: "ranked", scope: PROJECT, since: day })).ranked?.hits.length,
    ).toBeGreaterThan(0);
    expect(
      (await search({ query: "invoices", mode: "ranked", scope: PROJECT, until: day })).ranked?.hits.length,
    ).toBeGreaterThan(0);
    const later = new Date(created + 2 * DAY).toISOString().slice(0, 10);
    const none = await search({ query: "invoices", mode: "ranked", scope: PROJECT, since: later });
    expect(none.ranked?.hits).toEqual([]);
    expect(none.text).toContain('No matches for "invoices".');
    expect(none.text).toContain(`filtered by since ${later}`);
    // A date that is none, or an until before since, is refused by the tool's and the CLI's schemas
    // (test/search/limits.filters.test.ts); inside, an empty range finds nothing.
    expect(
      (await search({ query: "invoices", mode: "ranked", scope: PROJECT, since: later, until: day })).ranked?.hits,
    ).toEqual([]);
    await expect(search({ query: "invoices", mode: "literal", scope: PROJECT, role: "user" })).rejects.toThrow(
      /role, since and until filter ranked searches only/,
    );
    await expect(search({ query: "?!", mode: "ranked", scope: PROJECT })).rejects.toThrow(/holds no word to look for/);
  });

  it("searches another project's transcripts only with all", async () => {
    const data = (
      await indexedSessions([decision("ses_mineproject00001", "Mine: the flux capacitor is calibrated.").data])
    ).data;
    await exportAll(
      data,
      [decision("ses_otherproject0001", "Theirs: the flux capacitor is broken.").data],
      "/projects/other",
    );
    const search = searchOver(data);
    const mine = await search({ query: "flux capacitor", mode: "ranked", scope: PROJECT });
    expect(mine.ranked?.hits.map((h) => h.file.sessionID)).toEqual(["ses_mineproject00001"]);
    const all = await search({ query: "flux capacitor", mode: "ranked", scope: PROJECT, all: true });
    expect(new Set(all.ranked?.hits.map((h) => h.file.sessionID))).toEqual(
      new Set(["ses_mineproject00001", "ses_otherproject0001"]),
    );
    // The other project's session names its project in its heading.
    expect(all.text).toMatch(/^# ses_otherproject0001 · .* · \/projects\/other$/m);
  });

  it("stays within maxBytes and says how many hits it did not show", async () => {
    const sessions = Array.from({ length: 12 }, (_, i) =>
      decision(`ses_bounded${String(i).padStart(9, "0")}`, `Quarterly budget review ${i}: ${"figures ".repeat(40)}`),
    );
    const { search } = await indexedSessions(sessions.map((s) => s.data));
    const out = await search({
      query: "quarterly budget review",
      mode: "ranked",
      scope: PROJECT,
      maxBytes: 2_000,
      limit: 12,
    });
    expect(Buffer.byteLength(out.text)).toBeLessThanOrEqual(2_000);
    expect(out.text).toMatch(/output cut at 2,000 bytes: \d+ more hits? not shown; raise maxBytes/);
  });

  it("indexes transcripts the index does not cover yet, and never returns lines the file no longer holds", async () => {
    const { data, exported } = await indexedSessions([
      decision("ses_catchup000000001", "The mirror is in Frankfurt.").data,
    ]);
    // An index dropped after the export: the next search indexes what is missing first.
    data.searchIndex.remove();
    const search = searchOver(data);
    await data.searchIndex.forWriting();
    const out = await search({ query: "mirror frankfurt", mode: "ranked", scope: PROJECT });
    expect(out.ranked?.hits[0]?.file.sessionID).toBe("ses_catchup000000001");
    expect(out.text).toContain("1 transcript indexed by this search");
    // The transcript replaced behind the index's back by a shorter one: the index starts it over, no stale line.
    const file = exported[0]?.path as string;
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").split("\n").slice(0, 7).join("\n").concat("\n"));
    const after = await search({ query: "mirror frankfurt", mode: "ranked", scope: PROJECT });
    expect(after.ranked?.hits).toEqual([]);
    expect(path.basename(file)).toBe("ses_catchup000000001.md");
  });
});
