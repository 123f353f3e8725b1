/**
 * A full disk, for real (a small tmpfs filled to the last byte; see helpers/small-disk.ts): an export that cannot
 * append fails with a clear message, leaves the transcript exactly as it was (a write cut short is taken back) and
 * the index untouched; once there is room, the next export completes it with nothing to repair. A store on the full
 * disk refuses a save with a message that says the disk is full, and loses nothing. (Live, at compaction:
 * test/live/reliability-disk-full.test.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { getTranscript } from "../../src/transcripts/catalog.js";
import { exportTranscript } from "../../src/transcripts/export/export-transcript.js";
import { createMemorySource } from "../../src/transcripts/source/export-file-source.js";
import { onSmallDisk, SKIP_DISK_FULL } from "../helpers/small-disk.js";
import { syntheticSession } from "../helpers/synthetic-session.js";
import { readTranscript, testDataContext } from "../helpers/transcripts.js";

const SCOPE = "/projects/full";

describe.skipIf(SKIP_DISK_FULL)("a full disk", () => {
  it("an export that cannot append leaves the transcript and the index as they were; later it completes", async () => {
    const data = testDataContext();
    await onSmallDisk(data.transcriptsDir, 4 * 1024 * 1024, async (disk) => {
      const session = syntheticSession(4, "ses_diskfulldisk0001", 2_000);
      const exportNow = () =>
        exportTranscript({
          data,
          source: createMemorySource([session.data]),
          sessionID: session.sessionID,
          scope: SCOPE,
        });
      const first = await exportNow();
      const before = fs.readFileSync(first.path);
      const row = () => data.database.read((_, c) => getTranscript(c, session.sessionID), undefined);
      const rowBefore = await row();

      // Room for part of the next append only: the kernel takes what fits, then refuses the rest.
      for (let i = 4; i < 40; i++) session.turn(i, 6_000);
      disk.fill(64 * 1024);
      const free = fs.statfsSync(disk.dir).bavail;
      await expect(exportNow()).rejects.toThrow(/^\[opencode-ledger\] cannot write .*ses_diskfulldisk0001\.md: ENOSPC/);
      expect(fs.readFileSync(first.path).equals(before)).toBe(true);
      expect(await row()).toEqual(rowBefore);
      // What the kernel took of the append was given back.
      expect(fs.statfsSync(disk.dir).bavail).toBe(free);

      disk.free();
      const second = await exportNow();
      expect(second.repaired).toBe(false);
      const clean = await exportTranscript({
        data: testDataContext(),
        source: createMemorySource([session.data]),
        sessionID: session.sessionID,
        scope: SCOPE,
      });
      expect(readTranscript(second.path).map((l) => l.text)).toEqual(readTranscript(clean.path).map((l) => l.text));
    });
  });

  it("a store on a full disk refuses a save with a clear message and keeps what it had", async () => {
    const data = testDataContext();
    await onSmallDisk(data.options.dataDir, 2 * 1024 * 1024, async (disk) => {
      const memory = createMemoryStore({ database: data.database, clock: Date.now });
      const kept = await memory.save(
        { scope: "global", kind: "fact", title: "Before the disk filled", body: "kept" },
        {
          kind: "cli",
        },
      );
      disk.fill();
      const big = "w ".repeat(3_900);
      let refused: unknown;
      for (let i = 0; i < 400 && refused === undefined; i++) {
        await memory
          .save({ scope: "global", kind: "fact", title: `Filling ${i}`, body: big }, { kind: "cli" })
          .catch((error: unknown) => {
            refused = error;
          });
      }
      expect(String(refused)).toMatch(
        /\[opencode-ledger\] the store .*ledger\.db cannot be used: the disk holding it is full; free some space; nothing was written/,
      );
      disk.free();
      expect((await memory.get(kept.entry.id))?.title).toBe("Before the disk filled");
      const raw = await data.database.raw();
      expect(raw.get<{ integrity_check: string }>("PRAGMA integrity_check")?.integrity_check).toBe("ok");
      data.database.close();
      expect(path.basename(data.database.file)).toBe("ledger.db");
    });
  });
});
