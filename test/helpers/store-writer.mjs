// A second process writing to the store in a loop while the CLI writes too, as OpenCode does while the CLI runs.
// Plain JavaScript over the built package (dist/), so it runs under Node (better-sqlite3) and under the OpenCode
// binary as a Bun (bun:sqlite), the runtime of the plugin. Args: dataDir, scope, stop-marker file. Saves until the
// marker exists, prints "ready", one line per 50 saves, and a JSON summary; exits 1 when any write failed.
import fs from "node:fs";
import { Database } from "../../dist/store/database.js";
import { createMemoryStore } from "../../dist/store/memory-store.js";

const [dataDir, scope, stopFile] = process.argv.slice(2);
const database = new Database({ dataDir });
const memory = createMemoryStore({ database, clock: Date.now });
const actor = { kind: "agent", agent: "build", session: "ses_writer0001" };
const errors = [];
console.log("ready");
let saved = 0;
let edited = 0;
for (let i = 0; !fs.existsSync(stopFile); i++) {
  try {
    const { entry } = await memory.save(
      { scope, kind: "fact", title: `Worker entry ${i}`, body: `written by the second process, number ${i}` },
      actor,
    );
    saved++;
    if (i % 5 === 0) {
      await memory.edit(entry.id, { body: `edited by the second process, number ${i}` }, actor);
      edited++;
    }
  } catch (error) {
    errors.push(String(error instanceof Error ? error.message : error));
  }
  if (i % 50 === 49) console.log(`saved ${i + 1}`);
}
database.close();
console.log(JSON.stringify({ saved, edited, errors }));
process.exitCode = errors.length === 0 ? 0 : 1;
