/**
 * Modes are changed only on what the plugin made, never through a link; links, files in place of folders and another
 * user's store are refused with a message naming the path and what to do, from the store and from the CLI.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { Actor } from "../../src/store/memory-types.js";
import { cliFixture } from "../helpers/cli.js";
import { tempDir } from "../helpers/temp-dir.js";

const person: Actor = { kind: "person" };
const isRoot = process.getuid?.() === 0;
const mode = (file: string) => fs.lstatSync(file).mode & 0o7777;

function storeIn(dataDir: string) {
  const database = new Database({ dataDir });
  return { database, memory: createMemoryStore({ database, clock: Date.now }) };
}

async function seededStore(): Promise<string> {
  const dataDir = path.join(tempDir(), "data");
  const { database, memory } = storeIn(dataDir);
  await memory.save({ scope: "global", kind: "fact", title: "Kept", body: "a body" }, person);
  database.close();
  return dataDir;
}

describe("modes only on what the plugin made", () => {
  it("a new data folder and store are 0700 and 0600 whatever the umask", async () => {
    const old = process.umask(0o022);
    try {
      const dataDir = path.join(tempDir(), "new", "data");
      const { database, memory } = storeIn(dataDir);
      await memory.save({ scope: "global", kind: "fact", title: "First", body: "b" }, person);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(path.dirname(dataDir)))).toBe(0o700);
      expect(mode(database.file)).toBe(0o600);
      expect(mode(`${database.file}-wal`)).toBe(0o600);
      database.close();
    } finally {
      process.umask(old);
    }
  });

  it("an existing 1777 folder given as the data folder stays 1777", async () => {
    const shared = path.join(tempDir(), "shared");
    fs.mkdirSync(shared);
    // chmod(1) rather than fs.chmodSync: Bun's drops the sticky bit.
    expect(spawnSync("chmod", ["1777", shared]).status).toBe(0);
    expect(mode(shared)).toBe(0o1777);
    const { database, memory } = storeIn(shared);
    await memory.save({ scope: "global", kind: "fact", title: "In a shared folder", body: "b" }, person);
    expect(mode(shared)).toBe(0o1777);
    expect(mode(database.file)).toBe(0o600);
    database.close();
  });

  it("a store its owner made read-only is not made writable by a read", async () => {
    const dataDir = await seededStore();
    const file = path.join(dataDir, "ledger.db");
    fs.chmodSync(file, 0o400);
    const { database, memory } = storeIn(dataDir);
    expect((await memory.list({ scopes: ["global"], limit: 5 })).total).toBe(1);
    expect((await memory.stats(["global"])).total).toBe(1);
    expect(mode(file)).toBe(0o400);
    database.close();
  });

  it("a store file that is a link is refused, and its target's mode and bytes are left alone", async () => {
    const dataDir = await seededStore();
    const file = path.join(dataDir, "ledger.db");
    const elsewhere = path.join(tempDir(), "system-file");
    fs.renameSync(file, elsewhere);
    fs.chmodSync(elsewhere, 0o644);
    fs.symlinkSync(elsewhere, file);
    const before = fs.readFileSync(elsewhere);
    const { database, memory } = storeIn(dataDir);
    for (const call of [() => memory.stats(["global"]), () => memory.list({ limit: 5 })]) {
      await expect(call()).rejects.toThrow(
        `[opencode-ledger] ${file} is a symbolic link; links inside the data folder are never followed (another user could point one anywhere). Replace it with the file itself, or remove it.`,
      );
    }
    await expect(memory.save({ scope: "global", kind: "fact", title: "x", body: "y" }, person)).rejects.toThrow(
      /is a symbolic link/,
    );
    expect(mode(elsewhere)).toBe(0o644);
    expect(fs.readFileSync(elsewhere).equals(before)).toBe(true);
    database.close();
  });

  it("a data folder that is a file is refused by reads and writes alike", async () => {
    const file = path.join(tempDir(), "a-file");
    fs.writeFileSync(file, "not a folder\n");
    fs.chmodSync(file, 0o644);
    const { database, memory } = storeIn(file);
    const message = `[opencode-ledger] ${file} is a file, not a folder; the data folder must be a folder. Name a folder (--data-dir, or the plugin's dataDir option).`;
    await expect(memory.stats(undefined)).rejects.toThrow(message);
    await expect(memory.save({ scope: "global", kind: "fact", title: "x", body: "y" }, person)).rejects.toThrow(
      message,
    );
    expect(mode(file)).toBe(0o644);
    expect(fs.readFileSync(file, "utf8")).toBe("not a folder\n");
    database.close();
  });

  it.skipIf(!isRoot)("another user's store is refused, and left as it was", async () => {
    const dataDir = await seededStore();
    const file = path.join(dataDir, "ledger.db");
    fs.chownSync(file, 65534, 65534);
    fs.chmodSync(file, 0o640);
    const { database, memory } = storeIn(dataDir);
    await expect(memory.list({ limit: 5 })).rejects.toThrow(
      `[opencode-ledger] ${file} belongs to another user (uid 65534; you are uid 0); opencode-ledger keeps one private store per user and does not use another's.`,
    );
    expect(mode(file)).toBe(0o640);
    expect(fs.statSync(file).uid).toBe(65534);
    database.close();
  });
});

describe("the CLI's messages for a data folder that is not one", () => {
  it("--data-dir naming a file: import, stats and doctor --fix say so, change nothing, exit non-zero", () => {
    const f = cliFixture();
    const file = path.join(f.root, "a-file");
    fs.writeFileSync(file, "x\n");
    fs.chmodSync(file, 0o644);
    const input = path.join(f.root, "in.jsonl");
    fs.writeFileSync(input, "");
    for (const args of [["import", input], ["stats"], ["list"]]) {
      const r = f.runBare(["--data-dir", file, ...args]);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stderr).toContain(`${file} is a file, not a folder`);
      expect(r.stderr).not.toContain("unexpected error");
    }
    const doctor = f.runBare(["--data-dir", file, "doctor", "--fix"]);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`${file} is a file, not a folder; nothing was looked at or changed`);
    expect(doctor.stdout).not.toContain("fixed");
    expect(mode(file)).toBe(0o644);
  }, 60_000);

  it("an empty HOME without XDG_DATA_HOME is refused clearly instead of a store in the current folder", () => {
    const f = cliFixture();
    const r = f.runBare(["stats"], { env: { HOME: "", XDG_DATA_HOME: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "no data folder: HOME is empty and XDG_DATA_HOME is not an absolute path. Set HOME or XDG_DATA_HOME, or name the folder (--data-dir <folder>",
    );
    const w = f.runBare(["import", "-"], { env: { HOME: "", XDG_DATA_HOME: undefined }, input: "" });
    expect(w.code).toBe(2);
    expect(fs.readdirSync(f.project)).toEqual([".git"]);
    // Control: the same with a HOME works.
    expect(f.runBare(["stats"]).code).toBe(0);
  }, 60_000);
});
