/**
 * Negative evaluations of scope and forgetting through the registered tools and commands, each right after a
 * positive control that proves the same query finds the thing when it should: a trashed entry is never returned, a
 * rejected or superseded one only when asked, another project's entries and transcripts only with `all` (or its path
 * named); what the memory block injects into the system prompt follows the same rules. Purged content on disk:
 * test/store/memory-trash.purge-wal.test.ts.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createMemoryInventory } from "../src/compaction/memory-inventory.js";
import { createSystemTransformHook } from "../src/injection/system-hook.js";
import { pluginParts } from "./helpers/plugin-parts.js";
import { SessionBuilder } from "./helpers/synthetic-session.js";

const idOf = (saved: string) => /\[([0-9a-z]{12})\]/.exec(saved)?.[1] ?? "";

function setup() {
  const parts = pluginParts();
  const alpha = parts.project("alpha");
  const beta = parts.project("beta");
  return { parts, alpha, beta };
}

describe("forgetting: trashed, rejected and superseded entries", () => {
  it("a trashed entry is never returned by search, list or stats, and counts nowhere; the trash shows it", async () => {
    const { parts, alpha } = setup();
    const inventory = createMemoryInventory(parts.memory, alpha.scope);
    await alpha.call("memory_save", { kind: "fact", title: "Other fact", body: "unrelated" });
    const id = idOf(
      await alpha.call("memory_save", { kind: "gotcha", title: "Zircon cache", body: "zircon is flushed hourly" }),
    );
    // Positive controls.
    expect(await alpha.call("memory_search", { query: "zircon" })).toContain(`[${id}]`);
    expect(await alpha.call("memory_search", { query: "zircon", scope: "all", status: "all" })).toContain(`[${id}]`);
    expect(await alpha.call("memory_list", {})).toContain(`[${id}]`);
    expect(await alpha.call("memory_stats", {})).toMatch(/2 live entries/);
    expect(await inventory()).toContain("2 active entries");

    expect(await alpha.call("memory_forget", { id })).toContain("Moved 1 entry to the trash");
    expect(await alpha.call("memory_search", { query: "zircon" })).not.toContain(id);
    expect(await alpha.call("memory_search", { query: "zircon", scope: "all", status: "all" })).not.toContain(id);
    expect(await alpha.call("memory_list", { status: "all", scope: "all" })).not.toContain(id);
    expect(await alpha.call("memory_stats", { scope: "all" })).toMatch(/1 live entry .* 1 in the trash/);
    expect(await inventory()).toContain("1 active entry");
    // Only the trash shows it, and a restore brings it back to search.
    expect(await alpha.call("memory_list", { trashed: true })).toContain(`[${id}]`);
    expect(await alpha.call("memory_search", { query: "zircon", trashed: true })).toContain(`[${id}]`);
    await alpha.call("memory_restore", { id });
    expect(await alpha.call("memory_search", { query: "zircon" })).toContain(`[${id}]`);
  });

  it("forgetting by query trashes only this project's and global entries, never another project's", async () => {
    const { alpha, beta } = setup();
    const mine = idOf(await alpha.call("memory_save", { kind: "fact", title: "Quartz port", body: "quartz 8080" }));
    const theirs = idOf(await beta.call("memory_save", { kind: "fact", title: "Quartz port", body: "quartz 9090" }));
    // Positive control: the other project's entry matches the same words, seen from its own project.
    expect(await beta.call("memory_search", { query: "quartz port" })).toContain(`[${theirs}]`);
    const forgot = await alpha.call("memory_forget", { query: "quartz port" });
    expect(forgot).toContain(`[${mine}]`);
    expect(forgot).not.toContain(theirs);
    expect(await beta.call("memory_search", { query: "quartz port" })).toContain(`[${theirs}]`);
  });

  it("a rejected or superseded entry is returned only when its status is asked for", async () => {
    const { alpha } = setup();
    const old = idOf(await alpha.call("memory_save", { kind: "decision", title: "Use garnet", body: "garnet db" }));
    const wrong = idOf(await alpha.call("memory_save", { kind: "fact", title: "Garnet is slow", body: "garnet" }));
    const now = idOf(
      await alpha.call("memory_save", {
        kind: "decision",
        title: "Use basalt",
        body: "garnet replaced",
        supersedes: old,
      }),
    );
    await alpha.call("memory_review", { id: wrong, status: "rejected", reason: "measured: it is not" });
    // Positive controls: asked for by status, both are found by the same query.
    expect(await alpha.call("memory_search", { query: "garnet", status: "superseded" })).toContain(`[${old}]`);
    expect(await alpha.call("memory_search", { query: "garnet", status: "rejected" })).toContain(`[${wrong}]`);
    const all = await alpha.call("memory_search", { query: "garnet", status: "all" });
    expect([old, wrong, now].every((id) => all.includes(`[${id}]`))).toBe(true);
    // Not asked for: only the live one.
    const plain = await alpha.call("memory_search", { query: "garnet" });
    expect(plain).toContain(`[${now}]`);
    expect(plain).not.toContain(old);
    expect(plain).not.toContain(wrong);
    const listed = await alpha.call("memory_list", {});
    expect(listed).not.toContain(old);
    expect(listed).not.toContain(wrong);
  });
});

describe("scope: another project's memory", () => {
  it("is returned only with its path or all, never by default or with global", async () => {
    const { alpha, beta } = setup();
    const theirs = idOf(await beta.call("memory_save", { kind: "fact", title: "Obsidian key", body: "obsidian" }));
    const shared = idOf(
      await beta.call("memory_save", { kind: "fact", title: "Obsidian rule", body: "obsidian", scope: "global" }),
    );
    // Positive controls.
    expect(await alpha.call("memory_search", { query: "obsidian", scope: beta.scope })).toContain(`[${theirs}]`);
    expect(await alpha.call("memory_search", { query: "obsidian", scope: "all" })).toContain(`[${theirs}]`);
    expect(await alpha.call("memory_list", { scope: "all" })).toContain(`[${theirs}]`);
    expect(await alpha.call("memory_stats", { scope: beta.scope })).toMatch(/^Memory in .*: 1 live entry/);

    const byDefault = await alpha.call("memory_search", { query: "obsidian" });
    expect(byDefault).toContain(`[${shared}]`);
    expect(byDefault).not.toContain(theirs);
    expect(await alpha.call("memory_search", { query: "obsidian", scope: "global" })).not.toContain(theirs);
    expect(await alpha.call("memory_search", { query: "obsidian", scope: "project" })).not.toContain(theirs);
    expect(await alpha.call("memory_list", {})).not.toContain(theirs);
    expect(await alpha.call("memory_stats", {})).toMatch(/^Memory in this project, team and global: 1 live entry/);
    expect(await alpha.call("memory_history", {})).not.toContain(theirs);
    expect(await beta.call("memory_history", {})).toContain(theirs);
  });

  it("cannot be written from here", async () => {
    const { alpha, beta } = setup();
    // Positive control: the same save lands in its own project.
    expect(await beta.call("memory_save", { kind: "fact", title: "Jasper", body: "x", scope: beta.scope })).toMatch(
      /^Saved fact/,
    );
    expect(await alpha.call("memory_save", { kind: "fact", title: "Jasper", body: "y", scope: beta.scope })).toMatch(
      /^Error: \[opencode-ledger\] scope ".*beta" is not this project's/,
    );
  });
});

describe("scope: another project's transcripts", () => {
  async function withTranscripts() {
    const s = setup();
    const a = new SessionBuilder("ses_alphaalphaalpha01", "Alpha work", s.alpha.scope);
    a.user("the alpha marker is amethyst-7731");
    const b = new SessionBuilder("ses_betabetabetabeta01", "Beta work", s.beta.scope);
    b.user("the beta marker is beryl-4410");
    s.parts.sessions.push(a.data, b.data);
    await s.alpha.transcripts.export(a.sessionID);
    await s.beta.transcripts.export(b.sessionID);
    return { ...s, a: a.sessionID, b: b.sessionID };
  }

  it("memory_session_search: found with all (or its own project), never by default", async () => {
    const { alpha, beta, b } = await withTranscripts();
    // A ranked hit stands under its session's heading; its lines carry their numbers only.
    const hitOfBeta = new RegExp(`^# ${b}\\b[^]*\\n## \\d+ · [^]*\\n\\d+: the beta marker is beryl-4410`, "m");
    expect(await beta.call("memory_session_search", { query: "beryl-4410" })).toMatch(hitOfBeta);
    expect(await alpha.call("memory_session_search", { query: "beryl-4410", all: true })).toMatch(hitOfBeta);
    expect(await alpha.call("memory_session_search", { query: "beryl-4410", sessionID: b, all: true })).toContain(
      "beryl-4410",
    );

    const plain = await alpha.call("memory_session_search", { query: "beryl-4410" });
    expect(plain).not.toContain("beryl-4410:");
    expect(plain).not.toContain(b);
    expect(await alpha.call("memory_session_search", { query: "beryl", regex: true })).not.toContain(b);
    expect(await alpha.call("memory_session_search", { query: "beryl-4410", sessionID: b })).toMatch(
      /^Error: .*it belongs to .*beta; pass all: true/,
    );
    expect(await alpha.call("memory_session_search", { query: "amethyst-7731" })).toContain("amethyst-7731");
  });

  it("memory_session_read: read with all, refused by default", async () => {
    const { alpha, b, a } = await withTranscripts();
    expect(await alpha.call("memory_session_read", { sessionID: a })).toContain("amethyst-7731");
    expect(await alpha.call("memory_session_read", { sessionID: b, all: true })).toContain("beryl-4410");
    const refused = await alpha.call("memory_session_read", { sessionID: b });
    expect(refused).toMatch(/^Error: \[opencode-ledger\] no transcript of this project with id .*belongs to .*beta/);
    expect(refused).not.toContain("beryl-4410");
  });

  it("memory_session_read of a session never exported: refused by default after it is exported to its own project", async () => {
    const s = setup();
    const b = new SessionBuilder("ses_betanotexported01", "Beta fresh", s.beta.scope);
    b.user("the fresh beta marker is onyx-5512");
    s.parts.sessions.push(b.data);
    expect(await s.alpha.call("memory_session_read", { sessionID: b.sessionID })).toMatch(/^Error: .*belongs to/);
    expect(await s.alpha.call("memory_session_read", { sessionID: b.sessionID, all: true })).toContain("onyx-5512");
  });

  it("memory_transcript_list and cleanup: another project's only with all", async () => {
    const { alpha, beta, a, b } = await withTranscripts();
    expect(await alpha.call("memory_transcript_list", { all: true })).toContain(b);
    const listed = await alpha.call("memory_transcript_list", {});
    expect(listed).toContain(a);
    expect(listed).not.toContain(b);

    const everywhere = await alpha.call("memory_transcript_cleanup", {
      sessionIDs: [b],
      allScopes: true,
      keepRecent: 0,
    });
    expect(everywhere).toMatch(new RegExp(`^Dry run: 1 of \\d+ transcripts? is eligible[^]*${b}`));
    const here = await alpha.call("memory_transcript_cleanup", { sessionIDs: [b], apply: true, keepRecent: 0 });
    expect(here).toMatch(/^Removed 0 of 0 eligible/);
    const row = await alpha.transcripts.find(b);
    if (!row) throw new Error("the other project's transcript lost its index row");
    expect(row.scope).toBe(beta.scope);
    expect(fs.existsSync(alpha.transcripts.fileOf(row))).toBe(true);
  });
});

describe("injection: what goes into the system prompt", () => {
  /** The system prompt the plugin's hook builds for a fresh session of `project` (a block is fixed per session). */
  function injector(parts: ReturnType<typeof setup>["parts"], project: string) {
    const hook = createSystemTransformHook({
      memory: parts.memory,
      project,
      maxChars: 4_000,
      ownProviders: [],
      isOptedOut: async () => false,
    });
    let n = 0;
    return async () => {
      const output = { system: ["You are an AI coding agent."] };
      await hook(
        { sessionID: `ses_inject${String(++n).padStart(10, "0")}`, model: { providerID: "anthropic" } },
        output,
      );
      return output.system.join("\n");
    };
  }

  it("a trashed, rejected or superseded entry is injected before and never after; restored, it is back", async () => {
    const { parts, alpha } = setup();
    const inject = injector(parts, alpha.scope);
    const save = async (title: string, more: Record<string, unknown> = {}) =>
      idOf(await alpha.call("memory_save", { kind: "decision", title, body: `body of ${title}`, ...more }));
    const trashed = await save("Trashed topaz rule");
    const rejected = await save("Rejected onyx rule");
    const superseded = await save("Superseded jade rule");
    const global = await save("Global amber rule", { scope: "global" });
    // Positive control: all four are injected.
    const before = await inject();
    for (const id of [trashed, rejected, superseded, global]) expect(before).toContain(`[${id}]`);

    await alpha.call("memory_forget", { id: trashed });
    await alpha.call("memory_review", { id: rejected, status: "rejected", reason: "wrong" });
    const replacement = await save("Jade replaced by slate", { supersedes: superseded });
    const after = await inject();
    expect(after).toContain(`[${global}]`);
    expect(after).toContain(`[${replacement}]`);
    for (const [id, title] of [
      [trashed, "Trashed topaz rule"],
      [rejected, "Rejected onyx rule"],
      [superseded, "Superseded jade rule"],
    ] as const) {
      expect(after).not.toContain(id);
      expect(after).not.toContain(title);
    }
    await alpha.call("memory_restore", { id: trashed });
    expect(await inject()).toContain(`[${trashed}]`);
  });

  it("a candidate is not injected until it is made active; another project's entry never", async () => {
    const { parts, alpha, beta } = setup();
    const inAlpha = injector(parts, alpha.scope);
    const inBeta = injector(parts, beta.scope);
    const active = idOf(await alpha.call("memory_save", { kind: "fact", title: "Active opal", body: "opal" }));
    const candidate = idOf(
      await alpha.call("memory_save", { kind: "fact", title: "Candidate beryl", body: "beryl", status: "candidate" }),
    );
    const theirs = idOf(await beta.call("memory_save", { kind: "fact", title: "Beta garnet", body: "garnet" }));
    // Positive controls: the active entry in the same block; beta's entry in beta's own sessions.
    const block = await inAlpha();
    expect(block).toContain(`[${active}]`);
    expect(await inBeta()).toContain(`[${theirs}]`);
    expect(block).not.toContain(candidate);
    expect(block).not.toContain("Candidate beryl");
    expect(block).not.toContain(theirs);
    expect(block).not.toContain("Beta garnet");
    await alpha.call("memory_review", { id: candidate, status: "active", reason: "checked" });
    const later = await inAlpha();
    expect(later).toContain(`[${candidate}]`);
    expect(later).not.toContain(theirs);
  });
});
