/**
 * Session ids and paths from outside, for every tool and command that takes one (memory_session_read,
 * memory_session_search, memory_transcript_cleanup's sessionIDs, /memory-continue, the CLI's transcripts read and
 * search): traversal, absolute paths, NUL bytes, very long names, unicode and links planted in the transcripts folder
 * are refused with a message naming the argument, or contained; nothing is created or read outside the data folder.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTINUE_COMMAND } from "../../src/slash-commands/definitions.js";
import { scopeDir } from "../../src/transcripts/paths.js";
import { assertBuilt, CLI, NODE } from "../helpers/cli.js";
import { hostileString } from "../helpers/hostile-input.js";
import { type PluginParts, pluginParts } from "../helpers/plugin-parts.js";
import { SessionBuilder } from "../helpers/synthetic-session.js";
import { tempDir } from "../helpers/temp-dir.js";

const WELL_FORMED = /^ses_[0-9A-Za-z]{8,64}$/;
const KNOWN = "ses_knownknownknown01";
const SECRET = "outside-the-data-folder-7c1f";

const hostileId = fc.oneof(
  hostileString,
  fc
    .tuple(
      fc.constantFrom("ses_", "", "ses", "SES_", "/", "../"),
      fc.array(
        fc.constantFrom("..", "/", "\\", "\u0000", ".", "%2f", "a", "Z", "9", "é", "😀", "\u202e", " ", "\n", "ses_"),
        { maxLength: 80 },
      ),
    )
    .map(([prefix, pieces]) => prefix + pieces.join("")),
  fc.string({ minLength: 61, maxLength: 4_000 }).map((s) => `ses_${s}`),
  fc.stringMatching(/^ses_[0-9A-Za-z]{8,64}$/),
);

/** Every path under `dir`, links not followed. */
function listing(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** What the data folder may hold: the store, lock files, and per project a scope.txt and ses_….md transcripts. */
function allowedInData(parts: PluginParts, file: string): boolean {
  const relative = path.relative(parts.dataDir, file);
  if (relative.startsWith("..")) return false;
  const [top, folder, name, ...more] = relative.split(path.sep);
  // The store, and the search index the exporter keeps beside it.
  if (top !== "transcripts") return /^(ledger|search-index)\.db(-wal|-shm|-journal|-wipe-pending)?$/.test(top ?? "");
  if (folder === undefined) return true;
  if (more.length > 0) return false;
  if (folder === ".locks") return name === undefined || /^ses_[0-9A-Za-z]{8,64}\.lock/.test(name);
  // A transcript, and the search sketch the exporter keeps beside it.
  return name === undefined || name === "scope.txt" || /^ses_[0-9A-Za-z]{8,64}\.md(\.sketch)?$/.test(name);
}

function setup() {
  const parts = pluginParts();
  const alpha = parts.project("alpha");
  const known = new SessionBuilder(KNOWN, "Known work", alpha.scope);
  known.user("the known marker is lapis-2208");
  parts.sessions.push(known.data);
  // Outside the data folder, beside it: nothing may reach it.
  const outside = path.join(parts.root, "outside");
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, "secret.txt"), `${SECRET}\n`);
  return { parts, alpha, outside };
}

describe("hostile session ids", () => {
  it("every tool and /memory-continue refuses or contains them, naming the argument; nothing outside is touched", async () => {
    const { parts, alpha, outside } = setup();
    await alpha.transcripts.export(KNOWN);
    const before = listing(parts.root).filter((f) => !f.startsWith(parts.dataDir));
    const refusal = (field: string) => new RegExp(`^Error: \\[opencode-ledger\\] ${field}: `);
    await fc.assert(
      fc.asyncProperty(hostileId, fc.array(hostileId, { minLength: 1, maxLength: 20 }), async (id, ids) => {
        const wellFormed = WELL_FORMED.test(id);
        const read = await alpha.call("memory_session_read", { sessionID: id });
        const search = await alpha.call("memory_session_search", { query: "lapis", sessionID: id });
        for (const result of [read, search]) {
          expect(result).not.toContain(SECRET);
          if (!wellFormed) expect(result).toMatch(refusal("sessionID"));
          else if (id !== KNOWN) expect(result).toMatch(/^Error: \[opencode-ledger\] no /);
        }
        const cleanup = await alpha.call("memory_transcript_cleanup", { sessionIDs: ids });
        if (ids.some((one) => !WELL_FORMED.test(one))) expect(cleanup).toMatch(refusal("sessionIDs"));
        else expect(cleanup).toMatch(/^Dry run: /);
        const text = await alpha.command(CONTINUE_COMMAND, id);
        expect(text).not.toContain(SECRET);
        const first = id.trim().split(/\s+/)[0] ?? "";
        if (first !== KNOWN)
          expect(text).toMatch(new RegExp(`^/${CONTINUE_COMMAND} could not run: \\[opencode-ledger\\] `));
      }),
      { numRuns: 150 },
    );
    // Nothing new outside the data folder; inside it, only what the store and the transcripts are made of.
    expect(listing(parts.root).filter((f) => !f.startsWith(parts.dataDir))).toEqual(before);
    expect(listing(parts.dataDir).filter((f) => !allowedInData(parts, f))).toEqual([]);
    expect(fs.readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe(`${SECRET}\n`);
    // Positive control: the known session is read, searched and continued.
    expect(await alpha.call("memory_session_read", { sessionID: KNOWN })).toContain("lapis-2208");
    expect(await alpha.call("memory_session_search", { query: "lapis", sessionID: KNOWN })).toContain("lapis-2208");
    expect(await alpha.command(CONTINUE_COMMAND, KNOWN)).toContain(`Continue the work of ${KNOWN}`);
  }, 120_000);

  it("links planted in the transcripts folder are never followed, by the tools or by an export", async () => {
    const { parts, alpha, outside } = setup();
    await alpha.transcripts.export(KNOWN);
    const dir = scopeDir(parts.data.transcriptsDir, alpha.scope);
    // A transcript that is a link to a file outside, and a whole project folder that is a link outside.
    const planted = "ses_plantedplanted01";
    fs.symlinkSync(path.join(outside, "secret.txt"), path.join(dir, `${planted}.md`));
    fs.writeFileSync(path.join(outside, `${planted}.md`), `     1\t${SECRET}\n`);
    fs.symlinkSync(outside, path.join(parts.data.transcriptsDir, "linked-project-0000000000000000"));
    // Positive control: the same query finds the marker in a real transcript.
    expect(await alpha.call("memory_session_search", { query: "lapis-2208", all: true })).toContain("lapis-2208");

    expect(await alpha.call("memory_session_search", { query: SECRET, all: true })).not.toContain(
      `${SECRET}`.concat(":"),
    );
    const searched = await alpha.call("memory_session_search", { query: SECRET, all: true });
    expect(searched).toMatch(/^No matches for /);
    const read = await alpha.call("memory_session_read", { sessionID: planted, all: true });
    expect(read).toMatch(/^Error: \[opencode-ledger\] /);
    expect(read).not.toContain(SECRET);
    // An export of a session whose transcript path is a link refuses to write through it.
    const session = new SessionBuilder(planted, "Planted", alpha.scope);
    session.user("written through a link?");
    parts.sessions.push(session.data);
    await expect(alpha.transcripts.export(planted)).rejects.toThrow(/\[opencode-ledger\]/);
    expect(fs.readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe(`${SECRET}\n`);
  });
});

describe("hostile session ids on the command line", () => {
  const cases = [
    "../../../../etc/passwd",
    "/etc/passwd",
    "ses_../../etc/passwd",
    "ses_abc/def/ghij",
    `ses_${"A".repeat(4_000)}`,
    "ses_ÄÖÜabcdefgh",
    "ses_\u202eabcdefgh",
    "ses_abcdefgh\n",
    "",
    "-rf",
  ];

  it("transcripts read and search refuse each with a usage message (exit 2), no stack, nothing on stdout", () => {
    assertBuilt();
    const dataDir = path.join(tempDir(), "data");
    const run = (args: string[]) =>
      spawnSync(NODE, [CLI, "--data-dir", dataDir, ...args], { encoding: "utf8", env: { PATH: process.env.PATH } });
    for (const id of cases) {
      for (const args of [
        ["transcripts", "read", "--", id],
        ["transcripts", "search", "--session", id, "needle"],
      ]) {
        const result = run(args);
        expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(2);
        expect(result.stdout).toBe("");
        expect(result.stderr).toMatch(/^\[opencode-ledger\] /);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    }
    // Nothing was created.
    expect(fs.existsSync(dataDir)).toBe(false);
    // Positive control: a well-formed id that is not exported is a not-found (exit 1), not a usage error.
    const unknown = run(["transcripts", "read", "ses_wellformed0001"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no transcript with id "ses_wellformed0001"/);
  }, 60_000);
});
