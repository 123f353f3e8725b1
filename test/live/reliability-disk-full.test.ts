/**
 * A full disk at compaction, live: the transcripts folder is a small tmpfs filled to the last byte (see
 * test/helpers/small-disk.ts; nothing simulated, the kernel answers ENOSPC). The summary falls back to a real model
 * summary, the transcript written before keeps every byte, the session goes on, the error is logged once (wherever the
 * export met the full disk: its lock, its append, its index); once there is room the next compaction writes the
 * pointer again and the transcript carries on where it stopped.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { mountSmallDisk, SKIP_DISK_FULL, type SmallDisk } from "../helpers/small-disk.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";
import { STUB_SUMMARY } from "./stub-model.js";

let current: LiveServer | undefined;
let disk: SmallDisk | undefined;
afterEach(async () => {
  // Unmount first (lazily: OpenCode may still hold the folder), so the harness can remove its run folder.
  disk?.unmount();
  disk = undefined;
  await current?.stop();
  current = undefined;
});

const transcriptOf = (text: string) => /Transcript: (\S+) \(lines 1-(\d+)\)/.exec(text);
const failures = (oc: LiveServer) =>
  oc
    .serverLog()
    .split("\n")
    .filter((l) => l.includes("could not be written"));

describe.skipIf(SKIP_DISK_FULL)("a full disk at compaction, live", () => {
  it("the session's own model writes the summary, the transcript stays intact, one error logged; room again: the pointer is back", async () => {
    const oc = await startOpencode({
      plugin: {},
      prepare: (paths) => {
        disk = mountSmallDisk(paths.transcriptsDir, 4 * 1024 * 1024);
      },
    });
    current = oc;
    const full = disk as SmallDisk;
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, `First: the bucket is TEAL-9034.\n${filler("f1", 20)}`);
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const pointer = transcriptOf((await oc.summary(sessionID))?.text ?? "");
    const file = pointer?.[1] ?? "";
    expect(fs.existsSync(file)).toBe(true);
    // The session goes idle after the compaction, and its idle export appends the summary's header line: the record
    // the full disk must leave alone is the transcript once that has landed.
    const settledAt = Date.now() + 15_000;
    while (!/## summary · .* · session map of/.test(fs.readFileSync(file, "utf8")) && Date.now() < settledAt) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fs.readFileSync(file, "utf8")).toMatch(/## summary · .* · session map of/);
    const before = fs.readFileSync(file);

    full.fill();
    await oc.prompt(sessionID, `Second: the region is MAUVE-2210.\n${filler("f2", 40)}`);
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const during = oc.stub.since(mark);
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    expect(during[0]?.lastUserText).toContain("MAUVE-2210");
    expect((await oc.summary(sessionID))?.text).toBe(STUB_SUMMARY);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(failures(oc), failures(oc).join("\n")).toHaveLength(1);
    expect(failures(oc)[0]).toContain("level=ERROR");
    expect(failures(oc)[0]).toContain("ENOSPC");

    // The session goes on; a second failure is not logged again.
    const reply = await oc.prompt(sessionID, "Third: carry on.");
    expect(reply.info.error).toBeUndefined();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect((await oc.summary(sessionID))?.text).toBe(STUB_SUMMARY);
    expect(failures(oc), failures(oc).join("\n")).toHaveLength(1);

    // Room again: the next compaction is a pointer, and the transcript grew from where it was.
    full.free();
    await oc.prompt(sessionID, "Fourth: the key is OCHRE-7781.");
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const again = transcriptOf((await oc.summary(sessionID))?.text ?? "");
    expect(again?.[1]).toBe(file);
    expect(Number(again?.[2])).toBeGreaterThan(Number(pointer?.[2]));
    const after = fs.readFileSync(file);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const text = after.toString("utf8");
    for (const word of ["TEAL-9034", "MAUVE-2210", "OCHRE-7781"]) expect(text).toContain(word);
  });
});
