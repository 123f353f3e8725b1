import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../src/compaction/session-map/map-text.js";
import type { FileTouch, SessionFacts, Todo } from "../../../src/compaction/session-map/map-types.js";
import { MAP_RULE, MAP_START, renderSessionMap } from "../../../src/compaction/session-map/render-map.js";
import { buildSessionMap, MAP_HARD_CAP_TOKENS } from "../../../src/compaction/session-map/session-map.js";

const HEADER = {
  sessionID: "ses_boundboundboundbound01",
  path: "/data/transcripts/demo/ses_boundboundboundbound01.md",
  firstLine: 1,
  lastLine: 90_000,
  inventory: "Curated memory: 12 active entries, 3 lessons (memory_search).",
};

const files = (n: number, prefix: string): FileTouch[] =>
  Array.from({ length: n }, (_, i) => ({
    path: `${prefix}/file-${i}.ts`,
    times: n - i,
    line: 1_000 + i,
    order: n - i,
  }));

/** A session far past any bound: many requests, thousands of todos and files. */
function hugeFacts(): SessionFacts {
  const todos: Todo[] = Array.from({ length: 3_000 }, (_, i) => ({
    content: `todo item number ${i} with a description long enough to matter`,
    status: i % 3 === 0 ? "completed" : i % 3 === 1 ? "pending" : "in_progress",
  }));
  return {
    task: { text: "THE-TASK: migrate the billing service to the new queue", line: 9 },
    requests: Array.from({ length: 500 }, (_, i) => ({
      text: `request ${i}: do step ${i} of the plan`,
      line: 100 + i,
    })),
    todos: { todos, line: 50_000 },
    changed: files(2_000, "src/changed"),
    read: files(2_000, "src/read"),
    failure: { call: "bash: npm test", error: "exit 1: FAILURE-TAIL 3 tests failed", line: 70_000 },
    memory: Array.from({ length: 300 }, (_, i) => ({ id: `entry${i}`, title: `title ${i}`, action: "saved", line: i })),
  };
}

describe("session map bound", () => {
  it("never exceeds its bound, whatever the session holds", () => {
    for (const bound of [200, 500, 1_000, 2_000, 4_000]) {
      const text = renderSessionMap(HEADER, hugeFacts(), bound);
      expect(estimateTokens(text), `bound ${bound}`).toBeLessThanOrEqual(bound);
      expect(text.startsWith(MAP_START)).toBe(true);
      expect(text).toContain(`Transcript: ${HEADER.path} (lines 1-90000).`);
      expect(text).toContain(MAP_RULE);
      expect(text).toContain("THE-TASK");
    }
  });

  it("uses its room: a larger bound shows more", () => {
    const sizes = [500, 1_000, 2_000, 4_000].map((b) => renderSessionMap(HEADER, hugeFacts(), b).length);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1] as number);
    expect(estimateTokens(renderSessionMap(HEADER, hugeFacts(), 1_000))).toBeGreaterThan(800);
  });

  it("an option cannot raise it above the hard cap or below the minimum", () => {
    const input = { ...HEADER, messages: [], lines: { message: () => 1, part: () => 1 }, directory: "/" };
    expect(estimateTokens(buildSessionMap({ ...input, maxTokens: 1_000_000 }))).toBeLessThanOrEqual(
      MAP_HARD_CAP_TOKENS,
    );
    expect(buildSessionMap({ ...input, maxTokens: 1 })).toContain(MAP_RULE);
  });

  it("drops the least useful items first: inventory, read files, done todos, older requests, then the rest", () => {
    const facts = hugeFacts();
    const shown = (text: string) => ({
      inventory: text.includes("Curated memory"),
      read: (text.match(/ reads?, last at /g) ?? []).length,
      done: (text.match(/^- \[done\]/gm) ?? []).length,
      requests: (text.match(/^- line \d+: "request/gm) ?? []).length,
      changed: (text.match(/ changes?, last at /g) ?? []).length,
      open: (text.match(/^- \[(?:pending|in progress)\]/gm) ?? []).length,
      failure: text.includes("Last failure"),
    });
    const full = shown(renderSessionMap(HEADER, facts, 1_000_000));
    let seenBounds = 0;
    for (let bound = 200; bound <= 4_000; bound += 50) {
      const text = renderSessionMap(HEADER, facts, bound);
      const s = shown(text);
      // Whatever is still shown, everything that goes after it is still shown in full.
      if (s.inventory) expect(s).toEqual(full);
      if (s.read > 0) expect({ ...s, read: full.read, inventory: full.inventory }).toEqual(full);
      if (s.done > 0) expect(s.requests).toBe(full.requests);
      if (s.requests > 3) expect(s.changed).toBe(full.changed);
      if (!s.failure) expect([s.requests, s.changed, s.open]).toEqual([0, 0, 0]);
      // The newest request is the last one to go, and what is left out is counted.
      if (s.requests > 0) expect(text).toContain('"request 499: do step 499 of the plan"');
      if (s.requests < 500)
        expect(text).toMatch(/Requests since, newest last \(\d+ of 500; \d+ older ones? left out\):/);
      if (s.changed < 2_000) expect(text).toMatch(/Changed files, newest first(: 2000 files, none shown|:\n)/);
      expect(text).toMatch(/Todo list \(todowrite at line 50000\): 1000 done, 1000 pending, 1000 in progress/);
      seenBounds++;
    }
    expect(seenBounds).toBe(77);
    const tightest = shown(renderSessionMap(HEADER, facts, 200));
    expect(tightest).toMatchObject({ inventory: false, read: 0, done: 0, requests: 0 });
  });

  it("a small session is shown whole, the inventory included", () => {
    const facts: SessionFacts = {
      ...hugeFacts(),
      requests: [{ text: "continue", line: 30 }],
      todos: { todos: [{ content: "write tests", status: "pending" }], line: 20 },
      changed: files(2, "src"),
      read: files(2, "docs"),
      memory: [],
    };
    const text = renderSessionMap(HEADER, facts, 1_000);
    expect(text).toContain("Curated memory: 12 active entries");
    expect(text).toContain("Read most:\n- docs/file-0.ts: 2 reads, last at line 1000");
    expect(text).toContain('- line 30: "continue"');
    expect(text).toContain("Todo list (todowrite at line 20): 1 pending\n- [pending] write tests");
  });

  it("a huge transcript path cannot break the bound", () => {
    const text = renderSessionMap({ ...HEADER, path: `/${"very-long-folder/".repeat(500)}x.md` }, hugeFacts(), 200);
    expect(estimateTokens(text)).toBeLessThanOrEqual(200);
    expect(text.endsWith("…")).toBe(true);
  });
});
