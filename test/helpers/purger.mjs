// Purges one entry of a store, as `opencode-ledger purge` does, so a test can kill the process during the purge's
// wait for a reader. Plain JavaScript over the built package (dist/), so it runs under Node and under Bun.
// Args: dataDir, entry id. Prints "purging" just before the purge starts, "purged <checkpointed>" after it.
import { Database } from "../../dist/store/database.js";
import { createMemoryStore } from "../../dist/store/memory-store.js";

const [dataDir, id] = process.argv.slice(2);
const database = new Database({ dataDir });
const memory = createMemoryStore({ database, clock: Date.now });
await database.raw();
console.log("purging");
const result = await memory.purge(id, { kind: "cli" });
console.log(`purged ${result.checkpointed}`);
database.close();
