import { spawn } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { GLOBAL_SCOPE } from "../../../src/scope.js";
import { connect } from "../../../src/store/driver.js";
import type { HistoryRow } from "../../../src/store/memory-types.js";
import { AGENT, CLI, cliFixture, finished, NODE, secretOf, waitForOutput } from "../../helpers/cli.js";
import { storeBytes } from "../../helpers/memory.js";

const historyOf = (f: ReturnType<typeof cliFixture>, id: string) =>
  f.run(["history", id, "--json"]).json<{ rows: HistoryRow[] }>().rows;

describe("opencode-ledger: forget, restore, purge", () => {
  it("forgets by id into the trash and restores, recorded as the cli with the reason", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Alpha", body: "a" }, AGENT);
    const b = await f.memory().save({ scope: GLOBAL_SCOPE, kind: "fact", title: "Beta", body: "b" }, AGENT);
    f.close();
    const forget = f.run(["forget", a.entry.id, b.entry.id, "--reason", "outdated"]);
    expect(forget.code).toBe(0);
    expect(forget.stdout).toBe(`Trashed ${a.entry.id} "Alpha".\nTrashed ${b.entry.id} "Beta".\n`);
    expect(f.run(["list", "--json"]).json<{ total: number }>().total).toBe(0);
    expect(historyOf(f, a.entry.id).at(-1)).toMatchObject({
      action: "trash",
      actor: { kind: "cli" },
      reason: "outdated",
    });
    const restore = f.run(["restore", a.entry.id, "--json"]);
    expect(restore.code).toBe(0);
    expect(restore.json()).toMatchObject({
      ok: true,
      results: [{ id: a.entry.id, ok: true, entry: { trashedAt: null } }],
    });
    expect(historyOf(f, a.entry.id).at(-1)).toMatchObject({ action: "restore", actor: { kind: "cli" } });
  }, 60_000);

  it("reports each id on its own: unknown or refused ids exit 1 and the others are still done", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Alpha", body: "a" }, AGENT);
    f.close();
    const out = f.run(["forget", "nosuchentry0", a.entry.id]);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe(`Trashed ${a.entry.id} "Alpha".\n`);
    expect(out.stderr).toContain('no memory entry with id "nosuchentry0"');
    const again = f.run(["forget", a.entry.id, "--json"]);
    expect(again.code).toBe(1);
    expect(again.json()).toMatchObject({
      ok: false,
      results: [{ id: a.entry.id, ok: false, error: { code: "CONFLICT" } }],
    });
    // Restoring onto a title a live entry took meanwhile is refused, and the trashed one stays trashed.
    await f.memory().save({ scope: f.project, kind: "fact", title: "ALPHA", body: "new" }, AGENT);
    f.close();
    const restore = f.run(["restore", a.entry.id]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('now holds the title "ALPHA"');
    expect(
      f.run(["show", a.entry.id, "--json"]).json<{ entry: { trashedAt: number | null } }>().entry.trashedAt,
    ).not.toBeNull();
  }, 60_000);

  it("forgets by query inside the scope only, and refuses a secret in the reason", async () => {
    const f = cliFixture();
    const m = f.memory();
    const mine = await m.save({ scope: f.project, kind: "fact", title: "Redis cache TTL", body: "60s" }, AGENT);
    const theirs = await m.save({ scope: f.other, kind: "fact", title: "Redis cache TTL", body: "5s" }, AGENT);
    f.close();
    const token = secretOf("GitHub token");
    const secret = f.run(["forget", "--query", "redis cache", "--reason", `the old token was ${token}`]);
    expect(secret.code).toBe(1);
    expect(secret.stderr).toContain("reason looks like it holds a secret (GitHub token)");
    expect(secret.stderr).not.toContain(token);
    expect(f.run(["list", "--json"]).json<{ total: number }>().total).toBe(1);
    const out = f.run(["forget", "--query", "redis cache", "--json"]);
    expect(out.code).toBe(0);
    expect(out.json<{ trashed: { id: string }[] }>().trashed.map((e) => e.id)).toEqual([mine.entry.id]);
    expect(
      f.run(["show", theirs.entry.id, "--json"]).json<{ entry: { trashedAt: null } }>().entry.trashedAt,
    ).toBeNull();
    const none = f.run(["forget", "--query", "nothing here"]);
    expect(none.stdout).toContain("0 entries moved to the trash.");
  }, 60_000);

  it("purge refuses without a terminal and without --yes, and nothing is purged", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Keep me", body: "kept-marker" }, AGENT);
    f.close();
    const out = f.run(["purge", a.entry.id], { input: "yes\n" });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      "refused: purge deletes 1 entry permanently and asks first, but stdin is not a terminal",
    );
    expect(out.stderr).toContain("Nothing was purged.");
    expect(f.run(["show", a.entry.id]).code).toBe(0);
  }, 60_000);

  it("purge with an unknown id purges nothing", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Keep me", body: "kept" }, AGENT);
    f.close();
    const out = f.run(["purge", a.entry.id, "nosuchentry0", "--yes"]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('no memory entry with id "nosuchentry0"');
    expect(out.stderr).toContain("Nothing was purged");
    expect(f.run(["show", a.entry.id]).code).toBe(0);
  }, 60_000);

  it("purge --yes removes the entry from the file and WAL, keeping a redacted trail", async () => {
    const f = cliFixture();
    const a = await f
      .memory()
      .save({ scope: f.project, kind: "fact", title: "Purge me", body: "unique-purge-marker-7431" }, AGENT);
    f.close();
    const out = f.run(["purge", a.entry.id, "--yes", "--json"]);
    expect(out.code).toBe(0);
    expect(out.json()).toEqual({ purged: [{ id: a.entry.id, title: "Purge me", checkpointed: true }] });
    expect(f.run(["show", a.entry.id]).code).toBe(1);
    const rows = historyOf(f, a.entry.id);
    expect(rows.map((r) => [r.action, r.actor.kind, r.redacted])).toEqual([
      ["create", "agent", true],
      ["purge", "cli", false],
    ]);
    expect(storeBytes(`${f.dataDir}/ledger.db`).includes("unique-purge-marker-7431")).toBe(false);
  }, 60_000);

  it("purge at a terminal asks, and only an explicit yes purges", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Ask first", body: "x" }, AGENT);
    const b = await f.memory().save({ scope: f.project, kind: "fact", title: "Ask again", body: "y" }, AGENT);
    f.close();
    // util-linux `script` gives the tool a real terminal (a pty) on stdin and stdout.
    const atTerminal = async (id: string, answer: string) => {
      const command = [NODE, CLI, "--data-dir", f.dataDir, "purge", id].map((a) => `'${a}'`).join(" ");
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: f.project,
        env: { ...process.env, NO_COLOR: "1" },
      });
      const done = finished(child);
      await waitForOutput(child, "[y/N]");
      child.stdin.write(`${answer}\r`);
      const result = await done;
      child.stdin.end();
      return result;
    };
    const declined = await atTerminal(a.entry.id, "n");
    expect(declined.stdout).toContain("Purge 1 entry permanently? This cannot be undone. [y/N]");
    expect(declined.stdout).toContain("Ask first");
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain("not confirmed; nothing was purged");
    expect(f.run(["show", a.entry.id]).code).toBe(0);
    const confirmed = await atTerminal(b.entry.id, "yes");
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain(`Purged ${b.entry.id} "Ask again".`);
    expect(f.run(["show", b.entry.id]).code).toBe(1);
  }, 60_000);

  it("at a terminal, tables have a bold header; NO_COLOR turns it off", async () => {
    const f = cliFixture();
    await f.memory().save({ scope: f.project, kind: "fact", title: "Coloured", body: "x" }, AGENT);
    f.close();
    const atTerminal = async (env: Record<string, string>) => {
      const command = [NODE, CLI, "--data-dir", f.dataDir, "list"].map((a) => `'${a}'`).join(" ");
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: f.project,
        env: { ...process.env, ...env },
      });
      const done = finished(child);
      child.stdin.end();
      return done;
    };
    const plain = { COLUMNS: "60" };
    const coloured = await atTerminal(plain);
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain("\u001b[1mID");
    // The table is cut to the terminal's width; the closing sentence may wrap.
    const lines = coloured.stdout.replaceAll("\u001b[1m", "").replaceAll("\u001b[0m", "").trimEnd().split(/\r?\n/);
    for (const line of lines.slice(0, -1)) expect([...line].length).toBeLessThanOrEqual(60);
    const noColour = await atTerminal({ ...plain, NO_COLOR: "1" });
    expect(noColour.stdout).not.toContain("\u001b[");
    expect(noColour.stdout).toContain("1 entry.");
  }, 60_000);

  it("refuses to change a store that is too new, and changes nothing in it", async () => {
    const f = cliFixture();
    const a = await f.memory().save({ scope: f.project, kind: "fact", title: "Old", body: "x" }, AGENT);
    f.close();
    const raw = await connect(`${f.dataDir}/ledger.db`, { readonly: false });
    raw.exec("PRAGMA user_version = 99");
    raw.close();
    const before = fs.readFileSync(`${f.dataDir}/ledger.db`);
    const out = f.run(["forget", a.entry.id]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("has schema version 99, newer than this plugin knows");
    expect(out.stderr).toContain("Upgrade opencode-ledger");
    expect(fs.readFileSync(`${f.dataDir}/ledger.db`).equals(before)).toBe(true);
  }, 60_000);
});
