import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE, teamScope } from "../../../src/scope.js";
import type { EntryView, HistoryRow } from "../../../src/store/memory-types.js";
import { AGENT, type CliFixture, cliFixture } from "../../helpers/cli.js";

type Ids = Record<"deploy" | "pipeline" | "lesson" | "theirs" | "candidate" | "trashed", string>;

async function seeded(): Promise<CliFixture & { ids: Ids }> {
  const f = cliFixture();
  const m = f.memory();
  const deploy = await m.save(
    {
      scope: f.project,
      kind: "decision",
      title: "Deploy staging with the blue-green script",
      body: "Run scripts/bluegreen.sh; never deploy by hand.",
      tags: ["deploy", "staging"],
    },
    AGENT,
  );
  const pipeline = await m.save(
    {
      scope: f.project,
      kind: "decision",
      title: "Deploy staging with the new pipeline",
      body: "The pipeline replaces blue-green.",
      supersedes: deploy.entry.id,
    },
    AGENT,
  );
  const lesson = await m.save(
    { scope: GLOBAL_SCOPE, kind: "lesson", title: "Run migrations before the seed", body: "Seeding first fails." },
    AGENT,
  );
  const theirs = await m.save(
    { scope: f.other, kind: "fact", title: "Beta uses Postgres 16", body: "staging and prod alike" },
    AGENT,
  );
  const candidate = await m.save(
    { scope: f.project, kind: "fact", title: "Redis TTL is 60 seconds", body: "for sessions", status: "candidate" },
    AGENT,
  );
  const trashed = await m.save({ scope: f.project, kind: "fact", title: "Old staging host", body: "staging-1" }, AGENT);
  await m.trash(trashed.entry.id, AGENT, "host is gone");
  f.close();
  return {
    ...f,
    ids: {
      deploy: deploy.entry.id,
      pipeline: pipeline.entry.id,
      lesson: lesson.entry.id,
      theirs: theirs.entry.id,
      candidate: candidate.entry.id,
      trashed: trashed.entry.id,
    },
  };
}

const ids = (items: { id: string }[]) => items.map((e) => e.id).sort();

describe("opencode-ledger: list, search, show, history, stats", () => {
  it("reads an absent store as empty and creates nothing", () => {
    const f = cliFixture();
    for (const args of [["list"], ["search", "x"], ["stats"], ["list", "--trash"], ["review"], ["export"]]) {
      const out = f.run(args);
      expect(out.code, `${args.join(" ")}: ${out.stderr}`).toBe(0);
    }
    expect(f.run(["list"]).stdout).toContain("No entries.");
    expect(f.run(["show", "abc"]).code).toBe(1);
    expect(f.run(["history", "abc"]).code).toBe(1);
    expect(fs.existsSync(f.dataDir)).toBe(false);
  }, 60_000);

  it("lists the current project and global by default; --scope narrows or widens", async () => {
    const f = await seeded();
    const mine = f.run(["list", "--json"]).json<{ scopes: string[]; total: number; items: EntryView[] }>();
    expect(mine.scopes).toEqual([f.project, teamScope(f.project), GLOBAL_SCOPE]);
    // Whole entries, links both ways included.
    expect(mine.items.find((e) => e.id === f.ids.pipeline)?.supersedes).toEqual([f.ids.deploy]);
    expect(ids(mine.items)).toEqual([f.ids.pipeline, f.ids.lesson, f.ids.candidate].sort());
    const all = f
      .run(["list", "--scope", "all", "--status", "all", "--json"])
      .json<{ scopes: string; items: EntryView[] }>();
    expect(all.scopes).toBe("all");
    expect(ids(all.items)).toEqual([f.ids.pipeline, f.ids.deploy, f.ids.lesson, f.ids.theirs, f.ids.candidate].sort());
    const global = f.run(["list", "--scope", "global", "--json"]).json<{ items: EntryView[] }>();
    expect(ids(global.items)).toEqual([f.ids.lesson]);
    const other = f.run(["list", "--scope", f.other, "--json"]).json<{ items: EntryView[] }>();
    expect(ids(other.items)).toEqual([f.ids.theirs]);
    const project = f.run(["list", "--scope", "project", "--json"]).json<{ items: EntryView[] }>();
    expect(ids(project.items)).toEqual([f.ids.pipeline, f.ids.candidate].sort());
    // From a subfolder the project is still the git worktree root.
    const sub = path.join(f.project, "src", "deep");
    fs.mkdirSync(sub, { recursive: true });
    const fromSub = f.run(["list", "--json"], { cwd: sub }).json<{ scopes: string[] }>();
    expect(fromSub.scopes).toEqual([f.project, teamScope(f.project), GLOBAL_SCOPE]);
    const viaSubPath = f.run(["list", "--scope", sub, "--json"]).json<{ scopes: string[] }>();
    expect(viaSubPath.scopes).toEqual([f.project]);
    // Outside git, the folder itself is the project.
    expect(f.run(["list", "--json"], { cwd: f.other }).json<{ scopes: string[] }>().scopes).toEqual([
      f.other,
      teamScope(f.other),
      GLOBAL_SCOPE,
    ]);
  }, 60_000);

  it("filters by status, kind and the trash, and pages with --limit/--offset", async () => {
    const f = await seeded();
    const list = (...args: string[]) =>
      f.run(["list", "--json", ...args]).json<{ total: number; items: EntryView[] }>();
    expect(ids(list("--status", "candidate").items)).toEqual([f.ids.candidate]);
    expect(ids(list("--status", "superseded").items)).toEqual([f.ids.deploy]);
    expect(ids(list("--kind", "LESSON").items)).toEqual([f.ids.lesson]);
    const trash = list("--trash");
    expect(ids(trash.items)).toEqual([f.ids.trashed]);
    expect(trash.items[0]?.trashedAt).toEqual(expect.any(Number));
    const first = list("--limit", "2");
    const second = list("--limit", "2", "--offset", "2");
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(ids([...first.items, ...second.items])).toEqual(ids(list().items));
    const text = f.run(["list", "--limit", "2"]).stdout;
    expect(text).toContain("1-2 of 3 entries; --offset 2 for more.");
  }, 60_000);

  it("prints aligned columns, cut to the terminal width, without colour when not a terminal", async () => {
    const f = await seeded();
    const wide = f.run(["list"]);
    const lines = wide.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+KIND\s+STATUS\s+SCOPE\s+UPDATED\s+TITLE$/);
    const titleAt = lines[0]?.indexOf("TITLE") ?? -1;
    for (const line of lines.slice(1, -1)) expect(line[titleAt - 1]).toBe(" ");
    expect(wide.stdout).toContain("Deploy staging with the new pipeline");
    expect(wide.stdout).not.toContain("\u001b[");
    expect(lines.at(-1)).toBe(`3 entries. Scope: ${f.project}, its team memory and global.`);
    const narrow = f.run(["list"], { env: { COLUMNS: "80" } });
    const rows = narrow.stdout.trimEnd().split("\n").slice(0, -1);
    for (const row of rows) expect([...row].length).toBeLessThanOrEqual(80);
    expect(narrow.stdout).toContain("…");
    // The home folder is shortened in the scope column.
    const home = f.run(["list"], { env: { HOME: path.dirname(f.project) } });
    expect(home.stdout).toContain("~/alpha");
  }, 60_000);

  it("searches with ranking tiers, reports the words, and --json gives match and entry", async () => {
    const f = await seeded();
    const out = f.run(["search", "deploy", "staging", "--json"]).json<{
      words: string[];
      total: number;
      items: { match: string; rank: number; entry: EntryView }[];
    }>();
    expect(out.words).toEqual(["deploy", "staging"]);
    expect(out.items[0]).toMatchObject({
      match: "all words",
      entry: { id: f.ids.pipeline, supersedes: [f.ids.deploy] },
    });
    expect(out.items.map((i) => i.entry.id)).not.toContain(f.ids.trashed);
    const trash = f.run(["search", "staging", "--trash", "--json"]).json<{ items: { entry: EntryView }[] }>();
    expect(trash.items.map((i) => i.entry.id)).toEqual([f.ids.trashed]);
    const text = f.run(["search", "postgres", "--scope", "all"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/MATCH/);
    expect(text.stdout).toContain("Beta uses Postgres 16");
    expect(text.stdout).toContain("1 match. Searched for: postgres.");
    const none = f.run(["search", "nothing-like-this"]);
    expect(none).toMatchObject({ code: 0 });
    expect(none.stdout).toContain("No matches.");
  }, 60_000);

  it("a search past the count cap says 'at least' in the footer and in --json", async () => {
    const f = cliFixture();
    const m = f.memory();
    for (let i = 0; i < 205; i++) {
      await m.save(
        { scope: f.project, kind: "fact", title: `Cache note ${i}`, body: "the cache warms at start" },
        AGENT,
      );
    }
    f.close();
    const text = f.run(["search", "cache"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("1-20 of at least 200 matches; --offset 20 for more.");
    const json = f.run(["search", "cache", "--json"]).json<{ total: number; totalAtLeast: boolean }>();
    expect(json).toMatchObject({ total: 200, totalAtLeast: true });
    const few = f.run(["search", "199", "--json"]).json<{ total: number; totalAtLeast: boolean }>();
    expect(few).toMatchObject({ total: 1, totalAtLeast: false });
  }, 60_000);

  it("shows one entry in full, in any scope or state; unknown ids exit 1", async () => {
    const f = await seeded();
    const text = f.run(["show", f.ids.deploy]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("title:         Deploy staging with the blue-green script");
    expect(text.stdout).toContain(`superseded by: ${f.ids.pipeline}`);
    expect(text.stdout).toContain("tags:          deploy, staging");
    expect(text.stdout).toContain("source:        build, ses_cli00001");
    expect(text.stdout).toContain("Run scripts/bluegreen.sh; never deploy by hand.");
    const json = f.run(["show", f.ids.pipeline, "--json"]).json<{ entry: EntryView }>();
    expect(json.entry).toMatchObject({ id: f.ids.pipeline, supersedes: [f.ids.deploy], status: "active" });
    expect(f.run(["show", f.ids.trashed]).stdout).toMatch(/trashed:\s+\d{4}-/);
    const missing = f.run(["show", "nosuchentry0"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'no memory entry with id "nosuchentry0"; check the id with "opencode-ledger list"',
    );
    expect(f.run(["show", "nosuchentry0", "--json"]).json()).toMatchObject({
      error: { code: "NOT_FOUND", exitCode: 1 },
    });
  }, 60_000);

  it("shows the audit trail with actors, changes and reasons", async () => {
    const f = await seeded();
    const json = f
      .run(["history", f.ids.trashed, "--json"])
      .json<{ id: string; rows: HistoryRow[]; entry: EntryView }>();
    expect(json.rows.map((r) => r.action)).toEqual(["create", "trash"]);
    expect(json.rows[1]).toMatchObject({ actor: { kind: "agent", agent: "build" }, reason: "host is gone" });
    const text = f.run(["history", f.ids.deploy]);
    expect(text.stdout).toMatch(/^History of \w+ "Deploy staging with the blue-green script" \(superseded\):/);
    expect(text.stdout).toMatch(/supersede\s+agent build ses_cli00001\s+status: "active" → "superseded"/);
    expect(f.run(["history", "nosuchentry0"]).code).toBe(1);
  }, 60_000);

  it("counts by status and kind for the scope", async () => {
    const f = await seeded();
    const json = f.run(["stats", "--json"]).json<{
      live: number;
      trash: number;
      byStatus: Record<string, number>;
      byKind: Record<string, number>;
      storeBytes: number;
      storeFile: string;
    }>();
    expect(json).toMatchObject({
      live: 4,
      trash: 1,
      byStatus: { active: 2, candidate: 1, superseded: 1, rejected: 0 },
    });
    expect(json.byKind).toEqual({ decision: 2, fact: 1, lesson: 1 });
    expect(json.storeFile).toBe(path.join(f.dataDir, "ledger.db"));
    expect(json.storeBytes).toBeGreaterThan(0);
    expect(f.run(["stats", "--scope", "all", "--json"]).json()).toMatchObject({ live: 5 });
    const text = f.run(["stats"]).stdout;
    expect(text).toContain("Entries:  4 live (1 candidate, 2 active, 1 superseded, 0 rejected), 1 in the trash");
    expect(text).toContain("By kind:  decision 2, fact 1, lesson 1");
  }, 60_000);

  it("uses the plugin's default data folder, $XDG_DATA_HOME/opencode-ledger", async () => {
    const f = cliFixture();
    const xdg = path.join(f.root, "xdg");
    const m = f.memory();
    await m.save({ scope: GLOBAL_SCOPE, kind: "fact", title: "Somewhere else", body: "" }, AGENT);
    f.close();
    fs.mkdirSync(xdg);
    fs.renameSync(f.dataDir, path.join(xdg, "opencode-ledger"));
    const out = f.runBare(["list", "--scope", "global", "--json"], { env: { XDG_DATA_HOME: xdg } });
    expect(out.json<{ total: number }>().total).toBe(1);
    expect(
      f.runBare(["stats", "--json"], { env: { XDG_DATA_HOME: xdg } }).json<{ storeFile: string }>().storeFile,
    ).toBe(path.join(xdg, "opencode-ledger", "ledger.db"));
  }, 60_000);
});
