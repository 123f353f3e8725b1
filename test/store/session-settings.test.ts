import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { Database, MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { isBun } from "../../src/store/driver.js";
import { createSessionSettings } from "../../src/store/session-settings.js";
import { tempDir } from "../helpers/temp-dir.js";

const SES = "ses_settings0001";
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

function settingsAt(dataDir: string, now = { value: T0 }, migrationsFolder?: string) {
  const database = new Database({ dataDir, migrationsFolder });
  return { database, settings: createSessionSettings({ database, clock: () => now.value }), now };
}

/** A copy of the shipped migrations that stops before session_settings, as an older plugin shipped them. */
function migrationsBeforeSettings(): string {
  const dir = path.join(tempDir(), "migrations");
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_session_settings"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe(`session settings (${isBun ? "bun:sqlite" : "better-sqlite3"})`, () => {
  it("reads the defaults without creating a store", async () => {
    const dataDir = path.join(tempDir(), "ledger");
    const { settings } = settingsAt(dataDir);
    expect(await settings.get(SES)).toEqual({
      sessionID: SES,
      injectionOff: false,
      reflectedAt: null,
      updatedAt: null,
    });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("records injection off and on again, and another connection (the server side) reads the choice", async () => {
    const dataDir = tempDir();
    const { settings, now, database } = settingsAt(dataDir);
    expect(await settings.setInjectionOff(SES, true)).toEqual({
      sessionID: SES,
      injectionOff: true,
      reflectedAt: null,
      updatedAt: T0,
    });

    const server = settingsAt(dataDir);
    expect(await server.settings.get(SES)).toEqual({
      sessionID: SES,
      injectionOff: true,
      reflectedAt: null,
      updatedAt: T0,
    });
    expect((await server.settings.get("ses_settings0002")).injectionOff).toBe(false);

    now.value = T0 + 60_000;
    await settings.setInjectionOff(SES, false);
    expect(await server.settings.get(SES)).toEqual({
      sessionID: SES,
      injectionOff: false,
      reflectedAt: null,
      updatedAt: T0 + 60_000,
    });
    database.close();
    server.database.close();
  });

  it("lets exactly one claim of a session's reflection through, across connections, and keeps the injection choice", async () => {
    const dataDir = tempDir();
    const first = settingsAt(dataDir);
    const second = settingsAt(dataDir);
    await first.settings.setInjectionOff(SES, true);
    first.now.value = T0 + 5_000;
    expect(await first.settings.claimReflection(SES)).toBe(true);
    expect(await second.settings.claimReflection(SES)).toBe(false);
    expect(await first.settings.claimReflection(SES)).toBe(false);
    expect(await second.settings.get(SES)).toEqual({
      sessionID: SES,
      injectionOff: true,
      reflectedAt: T0 + 5_000,
      updatedAt: T0 + 5_000,
    });
    // a session with no settings row yet gets one, injection left on
    expect(await second.settings.claimReflection("ses_settings0003")).toBe(true);
    expect((await first.settings.get("ses_settings0003")).injectionOff).toBe(false);
    first.database.close();
    second.database.close();
  });

  it("refuses a malformed session id before touching the disk", async () => {
    const dataDir = path.join(tempDir(), "ledger");
    const { settings } = settingsAt(dataDir);
    await expect(settings.setInjectionOff("../../etc", true)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(settings.get("ses_x; DROP TABLE")).rejects.toThrow(/not a session id/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("a store made before session settings gains the table when this version opens it, entries kept", async () => {
    const dataDir = tempDir();
    const old = settingsAt(dataDir, { value: T0 }, migrationsBeforeSettings());
    const raw = await old.database.raw();
    raw.exec(
      `INSERT INTO entries (id, scope, kind, title, body, status, created_at, updated_at) VALUES ('mem_old', 'global', 'fact', 'kept', 'body', 'active', ${T0}, ${T0})`,
    );
    await expect(old.settings.setInjectionOff(SES, true)).rejects.toThrow(/session_settings/);
    old.database.close();

    const current = settingsAt(dataDir);
    await current.settings.setInjectionOff(SES, true);
    expect((await current.settings.get(SES)).injectionOff).toBe(true);
    const kept = (await current.database.raw()).get<{ title: string }>(
      "SELECT title FROM entries WHERE id = 'mem_old'",
    );
    expect(kept?.title).toBe("kept");
    current.database.close();
  });
});
