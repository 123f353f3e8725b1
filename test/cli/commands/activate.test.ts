/**
 * `opencode-ledger activate`: a rejected entry made active again from the command line, by the store call the agent's
 * memory_review makes with status "active", and the same audit row but for who made it (a person).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../../src/options.js";
import type { EntryView, HistoryRow } from "../../../src/store/memory-types.js";
import { createMemoryTools } from "../../../src/tools/memory-tools.js";
import { toolBoundaries } from "../../../src/tools/tool-boundary.js";
import { AGENT, cliFixture, linkedEntries, secretOf } from "../../helpers/cli.js";
import { toolContext } from "../../helpers/memory.js";

type Fixture = ReturnType<typeof cliFixture>;

/** Two entries of the project, both rejected by the agent. */
async function twoRejected(f: Fixture) {
  const m = f.memory();
  const ids: string[] = [];
  for (const title of ["Staging gate", "Nightly backups"]) {
    const saved = await m.save({ scope: f.project, kind: "decision", title, body: "b" }, AGENT);
    await m.setStatus(saved.entry.id, { status: "rejected", reason: "no longer holds" }, AGENT);
    ids.push(saved.entry.id);
  }
  f.close();
  return ids as [string, string];
}

const lastRow = (f: Fixture, id: string) => f.run(["history", id, "--json"]).json<{ rows: HistoryRow[] }>().rows.at(-1);
const statusOf = (f: Fixture, id: string) => f.run(["show", id, "--json"]).json<{ entry: EntryView }>().entry.status;

describe("opencode-ledger activate", () => {
  it("makes a rejected entry active again, with the audit row memory_review writes, as a person's", async () => {
    const f = cliFixture();
    const [byCli, byTool] = await twoRejected(f);
    const out = f.run(["activate", byCli, "--reason", "holds again"]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`Made ${byCli} "Staging gate" active.\n`);
    expect(statusOf(f, byCli)).toBe("active");
    // The agent's tool, over the same store, on the other entry.
    const { options } = parseOptions({ dataDir: f.dataDir });
    const tools = toolBoundaries(createMemoryTools({ memory: f.memory(), options }));
    const ctx = toolContext(path.join(f.root, "projects", "alpha"));
    expect(await tools.memory_review.execute({ id: byTool, status: "active", reason: "holds again" }, ctx)).toMatch(
      /^Marked .* active\./,
    );
    f.close();
    const cli = lastRow(f, byCli);
    const tool = lastRow(f, byTool);
    expect(cli).toMatchObject({ action: "status", actor: { kind: "person" }, reason: "holds again" });
    expect(cli?.changes).toEqual({ status: ["rejected", "active"] });
    expect(tool).toMatchObject({ action: "status", actor: { kind: "agent" } });
    const { seq: _a, entryId: _b, at: _c, actor: _d, ...same } = cli as HistoryRow;
    const { seq: _e, entryId: _f, at: _g, actor: _h, ...sameByTool } = tool as HistoryRow;
    expect(same).toEqual(sameByTool);
  }, 60_000);

  it("says an active entry is left as it is, makes a superseded one active unlinked, and --json is one document", async () => {
    const f = cliFixture();
    const { old, next } = await linkedEntries(f);
    const out = f.run(["activate", next.entry.id, old.entry.id]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe(
      `${next.entry.id} "New way" is already active; nothing changed.\nMade ${old.entry.id} "Old way" active.\n`,
    );
    const shown = f.run(["show", old.entry.id, "--json"]).json<{ entry: EntryView }>().entry;
    expect(shown).toMatchObject({ status: "active", supersededBy: null });
    const json = f.run(["activate", old.entry.id, "--json"]).json<{ ok: boolean; unchanged: string[] }>();
    expect(json).toMatchObject({ ok: true, unchanged: [old.entry.id] });
  }, 60_000);

  it("refuses a reason holding a secret, an unknown id and an entry in the trash, acting on the other ids", async () => {
    const f = cliFixture();
    const [rejected, trashed] = await twoRejected(f);
    // A reason is kept in the audit log: one holding a secret is refused, the entry left as it was.
    const secret = f.run(["activate", rejected, "--reason", `token ${secretOf("GitHub token")}`]);
    expect(secret.code).toBe(1);
    expect(secret.stdout).toBe("");
    expect(statusOf(f, rejected)).toBe("rejected");
    expect(f.run(["forget", trashed]).code).toBe(0);
    const out = f.run(["activate", "nosuchid0000", trashed, rejected]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("nosuchid0000");
    expect(out.stderr).toContain(trashed);
    expect(out.stdout).toBe(`Made ${rejected} "Staging gate" active.\n`);
    expect(f.run(["list", "--trash", "--json"]).stdout).toContain(trashed);
    expect(f.run(["activate"]).stderr).toContain("<id>: give the ids to make active");
  }, 60_000);
});
