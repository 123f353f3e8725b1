// Holds a read transaction on a store for a while, as a second process reading it does (the TUI, a CLI command, a
// sqlite3 shell left open). Args: store file, milliseconds to hold. Prints "held", then "released at <epoch ms>".
// Runs under Node (better-sqlite3) or Bun (bun:sqlite).
import { createRequire } from "node:module";

const [file, holdMs] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const db =
  typeof globalThis.Bun !== "undefined"
    ? new (await import("bun:sqlite")).Database(file)
    : new (require("better-sqlite3"))(file);
db.exec("BEGIN");
db.prepare("SELECT count(*) AS n FROM entries").get();
console.log("held");
setTimeout(() => {
  db.exec("COMMIT");
  db.close();
  console.log(`released at ${Date.now()}`);
}, Number(holdMs));
