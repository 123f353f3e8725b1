/**
 * Whatever happens to a team memory, through the tools or to its file on disk, the index equals what a fresh read of
 * the file gives.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LedgerError } from "../../src/errors.js";
import { teamScope } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import type { EntryView } from "../../src/store/memory-types.js";
import { formatLine, type TeamEntry, teamEntryOf } from "../../src/team/team-entry.js";
import { createTeamMemory } from "../../src/team/team-memory.js";
import { teamFilePath } from "../../src/team/team-path.js";
import { readTeamText } from "../../src/team/team-read.js";
import { T0 } from "../helpers/memory.js";
import { tempDir } from "../helpers/temp-dir.js";

type Action =
  | { type: "save"; title: number; body: number; status: "active" | "candidate" }
  | { type: "forget"; pick: number }
  | { type: "restore"; pick: number }
  | { type: "review"; pick: number; status: "active" | "rejected" }
  | { type: "editBody"; pick: number; body: number }
  | { type: "dropLine"; pick: number }
  | { type: "addLine"; title: number }
  | { type: "garbage" }
  | { type: "clean" };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    type: fc.constant("save" as const),
    title: fc.nat(5),
    body: fc.nat(3),
    status: fc.constantFrom("active" as const, "candidate" as const),
  }),
  fc.record({ type: fc.constant("forget" as const), pick: fc.nat(9) }),
  fc.record({ type: fc.constant("restore" as const), pick: fc.nat(9) }),
  fc.record({
    type: fc.constant("review" as const),
    pick: fc.nat(9),
    status: fc.constantFrom("active" as const, "rejected" as const),
  }),
  fc.record({ type: fc.constant("editBody" as const), pick: fc.nat(9), body: fc.nat(3) }),
  fc.record({ type: fc.constant("dropLine" as const), pick: fc.nat(9) }),
  fc.record({ type: fc.constant("addLine" as const), title: fc.nat(5) }),
  fc.constant({ type: "garbage" as const }),
  fc.constant({ type: "clean" as const }),
);

const isEntryLine = (line: string) => {
  try {
    return typeof JSON.parse(line).id === "string";
  } catch {
    return false;
  }
};
const comparable = (e: Omit<TeamEntry, never>) => formatLine(e);

describe("the team index", () => {
  it("equals a fresh read of the file after any sequence of saves, forgets, restores, reviews and edits on disk", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        runs++;
        const root = tempDir("ledger-team-prop-");
        const project = path.join(root, "project");
        fs.mkdirSync(project);
        const file = teamFilePath(project);
        const now = { value: T0 };
        const database = new Database({ dataDir: path.join(root, "data") });
        const clock = () => now.value;
        const memory = createTeamMemory({
          memory: createMemoryStore({ database, clock }),
          clock,
          follow: [project],
          commitOf: async () => undefined,
        });
        const scope = teamScope(project);
        const person = { kind: "person" as const };
        const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : []);
        const writeLines = (next: string[]) => {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, next.map((l) => `${l}\n`).join(""));
        };
        let added = 0;
        try {
          for (const a of actions) {
            now.value += 1000;
            const live = (await memory.list({ scopes: [scope], status: "all", limit: 100 })).items;
            const trashed = (await memory.list({ scopes: [scope], trashed: true, limit: 100 })).items;
            try {
              if (a.type === "save") {
                await memory.save(
                  { scope, kind: "decision", title: `Title ${a.title}`, body: `Body ${a.body}`, status: a.status },
                  { kind: "agent", agent: "build" },
                );
              } else if (a.type === "forget" && live.length > 0) {
                await memory.trash((live[a.pick % live.length] as EntryView).id, person);
              } else if (a.type === "restore" && trashed.length > 0) {
                await memory.restore((trashed[a.pick % trashed.length] as EntryView).id, person);
              } else if (a.type === "review" && live.length > 0) {
                await memory.setStatus((live[a.pick % live.length] as EntryView).id, { status: a.status }, person);
              } else if (a.type === "editBody" || a.type === "dropLine") {
                const current = lines();
                const at = current.findIndex((l, i) => i >= a.pick % Math.max(1, current.length) && isEntryLine(l));
                if (at >= 0) {
                  if (a.type === "dropLine") current.splice(at, 1);
                  else {
                    const record = JSON.parse(current[at] as string);
                    record.body = `Edited ${a.body}`;
                    record.updated = new Date(now.value).toISOString();
                    current[at] = JSON.stringify(record);
                  }
                  writeLines(current);
                }
              } else if (a.type === "addLine") {
                const stamp = new Date(now.value).toISOString();
                const title = `Pulled ${a.title}`;
                if (!lines().some((l) => l.includes(`"title":"${title}"`))) {
                  added++;
                  const record = {
                    id: `pulled${String(added).padStart(6, "0")}`,
                    kind: "fact",
                    title,
                    status: "active",
                  };
                  writeLines([
                    ...lines(),
                    JSON.stringify({ ...record, body: "from git", created: stamp, updated: stamp }),
                  ]);
                }
              } else if (a.type === "garbage") {
                writeLines([...lines(), "<<<<<<< HEAD", "{broken"]);
              } else if (a.type === "clean") {
                writeLines(lines().filter(isEntryLine));
              }
            } catch (error) {
              // Refusals (a bad file, a taken title) are part of the game; anything else is a failure.
              if (!(error instanceof LedgerError)) throw error;
            }
            const index = (await memory.list({ scopes: [scope], status: "all", limit: 100 })).items.map(teamEntryOf);
            const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
            const fresh = readTeamText(text, now.value).entries.map(({ line, ...e }) => e);
            expect(index.map(comparable).sort()).toEqual(fresh.map(comparable).sort());
          }
        } finally {
          database.close();
        }
      }),
      { numRuns: 40, seed: Number(process.env.TEAM_PROPERTY_SEED ?? 15) },
    );
    expect(runs).toBe(40);
  }, 120_000);
});
