import { describe, expect, it } from "vitest";
import { formatTeamFile, type TeamEntry } from "../../src/team/team-entry.js";
import { MAX_TEAM_FILE_BYTES, readTeamText } from "../../src/team/team-read.js";
import { T0 } from "../helpers/memory.js";
import { SAMPLES, seeded } from "../helpers/secret-samples.js";

const entry = (id: string, title: string, extra: Partial<TeamEntry> = {}): TeamEntry => ({
  id,
  kind: "decision",
  title,
  body: `why ${title}`,
  tags: [],
  status: "active",
  supersededBy: null,
  createdAt: T0,
  updatedAt: T0,
  validFrom: null,
  validUntil: null,
  expiresAt: null,
  ...extra,
});

describe("the team file format", () => {
  it("writes one sorted line per entry with only the keys that carry a value, and reads it back as written", () => {
    const entries = [
      entry("zz0000000002", "Deploys go through staging", { tags: ["deploy"], validFrom: T0 - 1000 }),
      entry("aa0000000001", "Postgres over DynamoDB", {
        status: "superseded",
        supersededBy: "zz0000000002",
        validUntil: T0,
        expiresAt: T0 + 86_400_000,
      }),
    ];
    const text = formatTeamFile(entries);
    const lines = text.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(lines[0]).toBe(
      '{"id":"aa0000000001","kind":"decision","title":"Postgres over DynamoDB","status":"superseded","body":"why Postgres over DynamoDB","superseded_by":"zz0000000002","valid_until":"2025-01-15T12:00:00.000Z","expires_at":"2025-01-16T12:00:00.000Z","created":"2025-01-15T12:00:00.000Z","updated":"2025-01-15T12:00:00.000Z"}',
    );
    expect(lines[1]).toMatch(/^\{"id":"zz0000000002",.*"tags":\["deploy"\],"valid_from":"2025-01-15T11:59:59\.000Z"/);
    const read = readTeamText(text, T0);
    expect(read.problems).toEqual([]);
    expect(read.entries.map(({ line, ...e }) => e)).toEqual([entries[1], entries[0]]);
    expect(read.entries.map((e) => e.line)).toEqual([1, 2]);
    // The same entries in any order give the same bytes.
    expect(formatTeamFile([...entries].reverse())).toBe(text);
  });

  it("reads a file with bad lines as far as it is valid and reports each bad line by number", () => {
    const good = formatTeamFile([entry("aa0000000001", "First"), entry("bb0000000002", "Second")]).split("\n");
    const long = JSON.stringify({ ...JSON.parse(good[1] as string), id: "cc0000000003", title: "x".repeat(121) });
    const text = [
      good[0],
      "<<<<<<< HEAD",
      "{not json",
      long,
      "[1,2]",
      '{"id":"dd0000000004","kind":"fact","title":"No status","body":"b","created":"2025-01-01","updated":"2025-01-01"}',
      '{"id":"ee0000000005","kind":"fact","title":"Extra","status":"active","body":"b","created":"2025-01-01","updated":"2025-01-01","owner":"me"}',
      "=======",
      good[1],
      ">>>>>>> theirs",
      "",
    ].join("\n");
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => [e.id, e.line])).toEqual([
      ["aa0000000001", 1],
      ["bb0000000002", 9],
    ]);
    expect(read.problems).toEqual([
      { line: 2, message: "a merge conflict marker; resolve the conflict and remove it" },
      { line: 3, message: "not valid JSON" },
      { line: 4, message: "title: is 121 characters; the limit is 120. Shorten it." },
      { line: 5, message: "not a JSON object" },
      { line: 6, message: "status must be candidate, active, superseded or rejected" },
      { line: 7, message: 'unknown field "owner"' },
      { line: 8, message: "a merge conflict marker; resolve the conflict and remove it" },
      { line: 10, message: "a merge conflict marker; resolve the conflict and remove it" },
    ]);
    // Lines that still name their id hold that id's entry in the index.
    expect([...read.held].sort()).toEqual(["cc0000000003", "dd0000000004", "ee0000000005"]);
  });

  it("refuses a token-shaped id or superseded_by, and never repeats a token used as a key, a date or a status", () => {
    const github = SAMPLES.find((s) => s.kind === "GitHub token");
    if (!github) throw new Error("no GitHub sample");
    const token = github.build(seeded(11));
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({
        id: "aa0000000001",
        kind: "decision",
        title: "A title",
        status: "active",
        body: "b",
        created: "2025-01-01T00:00:00.000Z",
        updated: "2025-01-01T00:00:00.000Z",
        ...fields,
      });
    const text = [
      line({ id: token, title: "Token as id" }),
      line({ id: "bb0000000002", title: "Token as link", status: "superseded", superseded_by: token }),
      line({ id: "cc0000000003", title: "Token as key", [token]: 1, extra_note: 2 }),
      line({ id: "dd0000000004", title: "Token as date", valid_from: token }),
      line({ id: "ee0000000005", title: "Token as status", status: token }),
    ].join("\n");
    const read = readTeamText(text, T0);
    expect(read.entries).toEqual([]);
    expect(read.problems.map((p) => p.line)).toEqual([1, 2, 3, 4, 5]);
    expect(read.problems[0]?.message).toBe("id looks like a secret (GitHub token); give the entry a plain id");
    expect(read.problems[1]?.message).toContain("superseded_by looks like a secret");
    expect(read.problems[2]?.message).toBe('unknown field "extra_note", 1 not shown (not a field name)');
    expect(JSON.stringify(read.problems)).not.toContain(token.slice(4, 20));
    // A token-shaped id is never held either: it names nothing the index may keep.
    expect([...read.held].sort()).toEqual(["bb0000000002", "cc0000000003", "dd0000000004", "ee0000000005"]);
  });

  it("refuses a line made or changed in the future (past a day of clock skew), as import does", () => {
    const future = new Date(T0 + 3 * 86_400_000).toISOString();
    const text = [
      JSON.stringify({
        id: "aa0000000001",
        kind: "lesson",
        title: "Far ahead",
        status: "active",
        body: "b",
        created: "9999-12-31",
        updated: "9999-12-31",
      }),
      JSON.stringify({
        id: "bb0000000002",
        kind: "lesson",
        title: "Days ahead",
        status: "active",
        body: "b",
        created: new Date(T0).toISOString(),
        updated: future,
      }),
      JSON.stringify({
        id: "cc0000000003",
        kind: "lesson",
        title: "Skewed",
        status: "active",
        body: "b",
        created: new Date(T0 + 3_600_000).toISOString(),
        updated: new Date(T0 + 3_600_000).toISOString(),
      }),
    ].join("\n");
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.id)).toEqual(["cc0000000003"]);
    expect(read.problems).toEqual([
      { line: 1, message: "created is in the future; it cannot have happened yet" },
      { line: 2, message: "updated is in the future; it cannot have happened yet" },
    ]);
  });

  it("refuses a line that holds a secret, naming its kind and never the value", () => {
    const sample = SAMPLES[0];
    if (!sample) throw new Error("no secret sample");
    const secret = sample.build(seeded(7));
    const text = formatTeamFile([
      entry("aa0000000001", "Fine"),
      entry("bb0000000002", "Leaky", { body: `key ${secret}` }),
    ]);
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.id)).toEqual(["aa0000000001"]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.line).toBe(2);
    expect(read.problems[0]?.message).toContain(`looks like it holds a secret (${sample.kind})`);
    expect(JSON.stringify(read.problems)).not.toContain(secret);
    expect(read.held.has("bb0000000002")).toBe(true);
  });

  it("reports a second line with the same id or the same title, keeping the first", () => {
    const text = formatTeamFile([entry("aa0000000001", "One"), entry("bb0000000002", "one")]).concat(
      formatTeamFile([entry("aa0000000001", "One again")]),
    );
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.title)).toEqual(["One"]);
    expect(read.problems).toEqual([
      { line: 2, message: 'the title "one" is already on line 1; titles are unique' },
      { line: 3, message: "entry aa0000000001 is already on line 1; keep one of the two lines" },
    ]);
    // The duplicate id is not held: its first line stands for it.
    expect([...read.held]).toEqual(["bb0000000002"]);
    // The same line twice (a union merge repeats a line both sides kept) is no conflict.
    const twice = formatTeamFile([entry("aa0000000001", "One")]).repeat(2);
    expect(readTeamText(twice, T0)).toMatchObject({ problems: [], entries: [{ id: "aa0000000001", line: 1 }] });
  });

  it("leaves out expired lines without calling them bad, and reads an oversized file only within the bound", () => {
    const text = formatTeamFile([entry("aa0000000001", "Old", { expiresAt: T0 - 1 }), entry("bb0000000002", "New")]);
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.id)).toEqual(["bb0000000002"]);
    expect(read).toMatchObject({ expired: 1, problems: [] });
    const huge = readTeamText(`${"x".repeat(4 * 1024 * 1024 + 1)}\n`, T0);
    expect(huge.entries).toEqual([]);
    expect(huge.partial).toBe(true);
    expect(huge.problems).toEqual([
      {
        line: 0,
        message: `the file is larger than ${4 * 1024 * 1024} bytes; the lines past that were not read, and the index keeps their entries as they are`,
      },
    ]);
  });

  it("ignores blank lines and carriage returns, and reports bad dates", () => {
    const line = formatTeamFile([entry("aa0000000001", "One")]).trim();
    const badDate = line.replace('"created":"2025-01-15T12:00:00.000Z"', '"created":"2025-02-30"');
    const read = readTeamText(
      `\n${line}\r\n\n${badDate.replace("aa0000000001", "bb0000000002").replace("One", "Two")}\n`,
      T0,
    );
    expect(read.entries.map((e) => [e.id, e.line])).toEqual([["aa0000000001", 2]]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ line: 4 });
    expect(read.problems[0]?.message).toBe('created is not an ISO 8601 date (such as "2025-06-30T14:00:00Z")');
  });
});

describe("a team file that is too large, or starts with a byte-order mark", () => {
  it("reads past a byte-order mark as if it were not there", () => {
    const text = `\uFEFF${formatTeamFile([entry("aa0000000001", "First"), entry("bb0000000002", "Second")])}`;
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.id)).toEqual(["aa0000000001", "bb0000000002"]);
    expect(read.problems).toEqual([]);
  });

  it("over 4 MB: reads the lines within it, reports the rest, and marks the read partial", () => {
    const first = formatTeamFile([entry("aa0000000001", "First")]);
    const text = `${first}${" \n".repeat(MAX_TEAM_FILE_BYTES / 2)}${formatTeamFile([entry("bb0000000002", "Past")])}`;
    const read = readTeamText(text, T0);
    expect(read.entries.map((e) => e.id)).toEqual(["aa0000000001"]);
    expect(read.partial).toBe(true);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]?.message).toContain("the index keeps their entries as they are");
  });
});
