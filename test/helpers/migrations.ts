import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "../../src/store/database.js";
import { tempDir } from "./temp-dir.js";

/** A copy of the shipped migrations up to, not including, `tag`: a store as the release before it made it. */
export function migrationsBefore(tag: string): string {
  const folder = path.join(tempDir(), "migrations");
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
