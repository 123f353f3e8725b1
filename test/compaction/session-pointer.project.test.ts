/**
 * The one pointer of a project (`createProjectPointer`), which compaction and /memory-continue (server and TUI) share:
 * the transcript brought up to date through the data folder's transcripts, the map bounded by the option, and the
 * line about this project's curated memory, read from a real store.
 */
import { describe, expect, it } from "vitest";
import { MAP_START } from "../../src/compaction/session-map/render-map.js";
import { createProjectPointer } from "../../src/compaction/session-pointer.js";
import { createMemoryLogger } from "../../src/log.js";
import { exportedTranscript } from "../helpers/exported-transcript.js";
import { memoryFixture } from "../helpers/memory.js";

describe("the project's session pointer", () => {
  it("exports the session, bounds the map and counts the project's memory", async () => {
    const f = memoryFixture();
    await f.memory.save(
      { scope: f.project, kind: "lesson", title: "Run migrations first", body: "b" },
      { kind: "cli" },
    );
    await f.memory.save({ scope: f.other, kind: "fact", title: "Elsewhere", body: "b" }, { kind: "cli" });
    const exported: string[] = [];
    const log = createMemoryLogger();
    const pointer = createProjectPointer({
      transcripts: {
        export: async (id) => {
          exported.push(id);
          return exportedTranscript(id, "/t/x.md", 12, [`first ${"x".repeat(9_000)}`, "second"]);
        },
      },
      memory: f.memory,
      scope: f.project,
      mapMaxTokens: 200,
      log,
    });
    const { pointer: text, transcript } = await pointer("ses_aaaaaaaaaaaaaaaaaaaaaaaa1");
    expect(exported).toEqual(["ses_aaaaaaaaaaaaaaaaaaaaaaaa1"]);
    expect(transcript.totalLines).toBe(12);
    expect(text.startsWith(MAP_START)).toBe(true);
    expect(text.length).toBeLessThanOrEqual(900);
    // The other project's fact is not counted.
    expect(text).toContain("Curated memory: 1 active entry, 1 lesson (memory_search).");
    expect(log.lines).toEqual([]);
    f.close();
  });

  it("fails as the export fails: no pointer stands for turns whose transcript was not written", async () => {
    const f = memoryFixture();
    const pointer = createProjectPointer({
      transcripts: { export: () => Promise.reject(new Error("disk full")) },
      memory: f.memory,
      scope: f.project,
      mapMaxTokens: 200,
    });
    await expect(pointer("ses_aaaaaaaaaaaaaaaaaaaaaaaa1")).rejects.toThrow("disk full");
    f.close();
  });
});
