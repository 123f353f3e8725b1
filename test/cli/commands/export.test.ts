import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../../src/scope.js";
import type { EntryView, HistoryRow } from "../../../src/store/memory-types.js";
import { AGENT, cliFixture, secretOf } from "../../helpers/cli.js";

const DAY = 86_400_000;

type Fixture = ReturnType<typeof cliFixture>;

/** A store with every kind of state an entry can be in. */
async function richStore(f: Fixture): Promise<void> {
  const m = f.memory();
  const now = Date.now();
  const old = await m.save(
    {
      scope: f.project,
      kind: "decision",
      title: "Deploy with blue-green",
      body: "Line one\nLine two with ünïcödé and emoji 🚀\n\ttabbed",
      tags: ["deploy", "Staging"],
      validFrom: now - 10 * DAY,
    },
    AGENT,
  );
  await m.save(
    {
      scope: f.project,
      kind: "decision",
      title: "Deploy with the pipeline",
      body: "replaces blue-green",
      supersedes: old.entry.id,
      expiresAt: now + 300 * DAY,
    },
    { kind: "agent", agent: "plan", session: "ses_other0001" },
  );
  await m.save({ scope: GLOBAL_SCOPE, kind: "lesson", title: "Seed after migrations", body: "" }, { kind: "person" });
  const cand = await m.save(
    { scope: f.other, kind: "fact", title: "Candidate fact", body: "awaits review", status: "candidate" },
    AGENT,
  );
  const rejected = await m.save({ scope: f.other, kind: "fact", title: "Rejected fact", body: "wrong" }, AGENT);
  await m.setStatus(rejected.entry.id, { status: "rejected", reason: "wrong" }, { kind: "person" });
  const trashed = await m.save({ scope: f.project, kind: "fact", title: "Trashed fact", body: "gone" }, AGENT);
  await m.trash(trashed.entry.id, AGENT);
  // A live entry with the title the trashed one had: both must survive the round trip.
  await m.save({ scope: f.project, kind: "fact", title: "trashed FACT", body: "the live one" }, AGENT);
  expect(cand.entry.status).toBe("candidate");
  f.close();
}

function exportAll(f: Fixture): EntryView[] {
  const file = path.join(f.root, `export-${Math.random().toString(36).slice(2)}.jsonl`);
  const out = f.run(["export", "--output", file, "--json"]);
  expect(out.code, out.stderr).toBe(0);
  return fs
    .readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as EntryView);
}

const line = (over: Partial<EntryView> & Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "imp0000000001",
    scope: GLOBAL_SCOPE,
    kind: "fact",
    title: "Imported",
    body: "body",
    tags: [],
    status: "active",
    supersededBy: null,
    supersedes: [],
    source: { agent: "build", session: null },
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    validFrom: null,
    validUntil: null,
    expiresAt: null,
    trashedAt: null,
    ...over,
  });

describe("opencode-ledger export and import", () => {
  it("round-trips every entry field by field into an empty store", async () => {
    const f = cliFixture();
    await richStore(f);
    const file = path.join(f.root, "all.jsonl");
    const out = f.run(["export", "-o", file]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Exported 7 entries to .*all\.jsonl\. Scope: every project and global\.\n$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const exported = exportAll(f);
    expect(exported).toHaveLength(7);
    expect(new Set(exported.map((e) => e.status))).toEqual(new Set(["active", "superseded", "candidate", "rejected"]));

    const copy = path.join(f.root, "copy");
    const imported = f.run(["--data-dir", copy, "import", file, "--json"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json()).toEqual({
      source: file,
      lines: 7,
      imported: 7,
      present: 0,
      refusedCount: 0,
      refused: [],
      refusedLeftOut: 0,
      teamSkipped: 0,
    });

    const again = f.runBare(["--data-dir", copy, "export", "--scope", "all"]);
    const roundTrip = again.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as EntryView);
    expect(roundTrip).toHaveLength(exported.length);
    // By id: an entry superseded by one further down the file lands after it, so the order may differ.
    for (const original of exported) {
      const back = roundTrip.find((e) => e.id === original.id) as EntryView;
      for (const field of Object.keys(original) as (keyof EntryView)[]) {
        expect(back[field], `${original.id}.${field}`).toEqual(original[field]);
      }
      expect(Object.keys(back).sort()).toEqual(Object.keys(original).sort());
    }
    // The copy answers like the original: search, links, the trash.
    const search = f.runBare(["--data-dir", copy, "search", "pipeline", "--scope", "all", "--json"]);
    const pipeline = search.json<{ items: { entry: EntryView }[] }>().items[0]?.entry.id ?? "";
    const shown = f.runBare(["--data-dir", copy, "show", pipeline, "--json"]).json<{ entry: EntryView }>();
    expect(shown.entry.supersedes).toEqual([exported.find((e) => e.status === "superseded")?.id]);
    expect(f.runBare(["--data-dir", copy, "list", "--trash", "--scope", "all", "--json"]).json()).toMatchObject({
      total: 1,
    });
    // The import is in the audit trail, by the cli.
    const first = exported[0] as EntryView;
    const history = f.runBare(["--data-dir", copy, "history", first.id, "--json"]).json<{ rows: HistoryRow[] }>();
    expect(history.rows).toEqual([
      expect.objectContaining({ action: "create", actor: { kind: "cli" }, reason: "imported" }),
    ]);
  }, 60_000);

  it("imports again without change: identical entries are present, not duplicated", async () => {
    const f = cliFixture();
    await richStore(f);
    const file = path.join(f.root, "all.jsonl");
    f.run(["export", "-o", file]);
    const out = f.run(["import", file]);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe("Imported 0, already present 7, refused 0.\n");
    expect(exportAll(f)).toHaveLength(7);
  }, 60_000);

  it("reports refused lines one by one with the reason, imports the rest, and exits 1", async () => {
    const f = cliFixture();
    const awsKey = secretOf("AWS access key id");
    const githubToken = secretOf("GitHub token");
    const lines = [
      line({ id: "ok00000000001", title: "Good one" }),
      line({ id: "sec0000000001", title: "Has a key", body: `${awsKey} is the key` }),
      "{not json",
      line({ id: "lng0000000001", title: "x".repeat(121) }),
      line({ id: "exp0000000001", title: "Expired", expiresAt: Date.now() - DAY }),
      line({ id: "unk0000000001", title: "Unknown field", color: "red" }),
      JSON.stringify({ id: "mis0000000001", title: "Missing most" }),
      line({ id: "sta0000000001", title: "Bad status", status: "done" as never }),
      line({ id: githubToken, title: "Secret id" }),
      "",
      line({ id: "ok00000000002", title: "Good two", scope: f.project, tags: ["a", "b"] }),
      line({ id: "rel0000000001", title: "Relative scope", scope: "projects/alpha" }),
      line({ id: "ctl0000000001", title: "Two\nlines" }),
    ];
    const file = path.join(f.root, "mixed.jsonl");
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    const out = f.run(["import", file]);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe("Imported 2, already present 0, refused 10 (lines 2, 3, 4, 5, 6, 7, 8, 9, 12, 13).\n");
    const err = out.stderr.split("\n");
    expect(err[0]).toBe(
      'line 2 (sec0000000001): [opencode-ledger] refused: body looks like it holds a secret (AWS access key id); nothing was saved. Remove the credential and describe it instead (e.g. "the key is in the CI secrets").',
    );
    expect(out.stderr).toContain("line 3: [opencode-ledger] line: is not JSON");
    expect(out.stderr).toContain(
      "line 4 (lng0000000001): [opencode-ledger] title: is 121 characters; the limit is 120",
    );
    expect(out.stderr).toContain("line 5 (exp0000000001): [opencode-ledger] expires_at: is in the past");
    expect(out.stderr).toContain('line 6 (unk0000000001): [opencode-ledger] line: has an unknown key ("color")');
    expect(out.stderr).toContain("line 7 (mis0000000001): [opencode-ledger] scope: is missing");
    expect(out.stderr).toContain("line 8 (sta0000000001): [opencode-ledger] status: must be candidate, active");
    expect(out.stderr).toContain("line 9: [opencode-ledger] refused: id looks like it holds a secret (GitHub token)");
    expect(out.stderr).toContain(
      'line 12 (rel0000000001): [opencode-ledger] scope: must be "global" or a project\'s absolute path',
    );
    expect(out.stderr).toContain("line 13 (ctl0000000001): [opencode-ledger] title: must be one line of text");
    expect(out.stderr).not.toContain(awsKey);
    expect(out.stderr).not.toContain(githubToken);
    const stored = exportAll(f);
    expect(stored.map((e) => e.id).sort()).toEqual(["ok00000000001", "ok00000000002"]);
    expect(fs.readFileSync(path.join(f.dataDir, "ledger.db")).includes(awsKey)).toBe(false);
    const json = f.run(["import", file, "--json"]).json<{ imported: number; present: number; refused: unknown[] }>();
    expect(json).toMatchObject({ imported: 0, present: 2 });
    expect(json.refused).toHaveLength(10);
    expect(json.refused[0]).toEqual({
      line: 2,
      id: "sec0000000001",
      code: "SECRET_FOUND",
      message: expect.stringContaining("AWS access key id"),
    });
  }, 60_000);

  it("never overwrites: an id with other content, or a live title already held, is refused", async () => {
    const f = cliFixture();
    const held = await f.memory().save({ scope: GLOBAL_SCOPE, kind: "fact", title: "Held title", body: "mine" }, AGENT);
    f.close();
    const [mine] = exportAll(f);
    const file = path.join(f.root, "conflicts.jsonl");
    fs.writeFileSync(
      file,
      [
        JSON.stringify({ ...mine, body: "changed elsewhere" }),
        line({ id: "new0000000001", title: "HELD TITLE" }),
        line({ id: "new0000000002", title: "held title", trashedAt: 1_700_000_000_500 }),
      ].join("\n"),
    );
    const out = f.run(["import", file, "--json"]);
    expect(out.code).toBe(1);
    const doc = out.json<{ imported: number; refused: { line: number; code: string; message: string }[] }>();
    expect(doc.imported).toBe(1); // the trashed one may share the title
    expect(doc.refused).toEqual([
      {
        line: 1,
        id: held.entry.id,
        code: "CONFLICT",
        message: expect.stringContaining(`entry ${held.entry.id} already exists here with other content (body)`),
      },
      {
        line: 2,
        id: "new0000000001",
        code: "CONFLICT",
        message: expect.stringContaining(`entry ${held.entry.id} already holds the title "Held title" in scope global`),
      },
    ]);
    expect(f.run(["show", held.entry.id, "--json"]).json<{ entry: EntryView }>().entry.body).toBe("mine");
  }, 60_000);

  it("reads stdin with -, exports one scope, and refuses a missing file", async () => {
    const f = cliFixture();
    await richStore(f);
    const global = f.run(["export", "--scope", "global"]);
    expect(global.stdout.trimEnd().split("\n")).toHaveLength(1);
    const copy = path.join(f.root, "copy");
    const piped = f.runBare(["--data-dir", copy, "import", "-"], { input: global.stdout });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe("Imported 1, already present 0, refused 0.\n");
    const missing = f.run(["import", path.join(f.root, "nope.jsonl")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("<file>: ");
    expect(missing.stderr).toContain("nope.jsonl does not exist");
  }, 60_000);

  it("shows progress on stderr only when asked", async () => {
    const f = cliFixture();
    const file = path.join(f.root, "many.jsonl");
    const many = Array.from({ length: 1200 }, (_, i) =>
      line({ id: `bulk${String(i).padStart(8, "0")}`, title: `Bulk ${i}`, body: `entry number ${i}` }),
    );
    fs.writeFileSync(file, many.join("\n"));
    const quiet = f.run(["import", file]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe("");
    expect(quiet.stdout).toBe("Imported 1200, already present 0, refused 0.\n");
    const loud = f.run(["import", file, "--progress"]);
    expect(loud.stderr).toMatch(/^import: \d+/m);
    expect(loud.stderr).toContain("import: 1200 done");
    expect(loud.stdout).toBe("Imported 0, already present 1200, refused 0.\n");
  }, 60_000);
});
