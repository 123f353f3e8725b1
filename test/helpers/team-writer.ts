// A separate process saving team entries into one project through the team memory over the real store, as an
// OpenCode process's memory_save does, reading the team memory between saves (each read may bring the index in line
// with the file). Run through the OpenCode binary (a Bun): `opencode run team-writer.ts <args>`.
// Args: dataDir, project folder, tag, number of saves, start-marker file. Prints "ready", waits for the marker, then
// prints one JSON line: the ids answered "Saved" and the messages of the saves refused.
import fs from "node:fs";
import { describeError } from "../../src/errors.js";
import { teamScope } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createTeamMemory } from "../../src/team/team-memory.js";

const [dataDir, project, tag, count, startFile] = process.argv.slice(2) as [string, string, string, string, string];
const database = new Database({ dataDir });
const clock = () => Date.now();
const memory = createTeamMemory({
  memory: createMemoryStore({ database, clock }),
  clock,
  follow: [project],
  commitOf: async () => undefined,
});
const actor = { kind: "agent" as const, agent: `writer ${tag}` };
console.log("ready");
while (!fs.existsSync(startFile)) await new Promise((resolve) => setTimeout(resolve, 2));
const saved: string[] = [];
const refused: string[] = [];
for (let i = 0; i < Number(count); i++) {
  try {
    const result = await memory.save(
      { scope: teamScope(project), kind: "decision", title: `Writer ${tag} decision ${i}`, body: `by ${tag}, ${i}` },
      actor,
    );
    saved.push(result.entry.id);
  } catch (error) {
    refused.push(describeError(error));
  }
  await memory.list({ scopes: [teamScope(project)], limit: 5 });
}
database.close();
console.log(JSON.stringify({ saved, refused }));
