/**
 * The transcript cannot be written (folder made read-only): the session goes on, nothing written before is lost,
 * the summary falls back to a real model summary, and the error is logged once.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FALLBACK_SESSION_TITLE } from "../../src/host/v1/fallback-summary.js";
import { waitFor } from "../helpers/wait-for.js";
import { type LiveServer, startOpencode } from "./harness.js";
import { filler } from "./live-home.js";
import { makeReadOnly } from "./read-only.js";
import { STUB_SUMMARY } from "./stub-model.js";

let current: LiveServer | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

const transcriptOf = (text: string) => /Transcript: (\S+) \(lines 1-\d+\)/.exec(text)?.[1] ?? "";
const failures = (oc: LiveServer) =>
  oc
    .serverLog()
    .split("\n")
    .filter((l) => l.includes("could not be written"));

describe("export failure, live", () => {
  it("pointer mode: the session's own model writes the summary; the transcript so far stays intact", async () => {
    const oc = await startOpencode({ plugin: {} });
    current = oc;
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, `First: the bucket is TEAL-9034.\n${filler("f1", 20)}`);
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const file = transcriptOf((await oc.summary(sessionID))?.text ?? "");
    // The summary's own header is appended once OpenCode has stored it, after the compaction returned: the transcript
    // so far holds it, and no export of the session holds its lock when the folder is made read-only.
    const lock = path.join(oc.transcriptsDir, ".locks", `${sessionID}.lock`);
    await waitFor(() => fs.readFileSync(file, "utf8").includes("\t## summary · ") && !fs.existsSync(lock));
    const before = fs.readFileSync(file, "utf8");

    makeReadOnly(oc.transcriptsDir);
    await oc.prompt(sessionID, `Second: the region is MAUVE-2210.\n${filler("f2", 20)}`);
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const during = oc.stub.since(mark);
    // one request, to the user's model, with OpenCode's own prompt and the history since the last compaction
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    expect(during[0]?.lastUserText).toContain("MAUVE-2210");
    expect(during[0]?.system).toContain("summar");
    const summary = await oc.summary(sessionID);
    expect(summary?.text).toBe(STUB_SUMMARY);
    expect(summary?.message.info.providerID).toBe("ledger");
    expect(fs.readFileSync(file, "utf8")).toBe(before);
    expect(failures(oc)).toHaveLength(1);
    expect(failures(oc)[0]).toContain("level=ERROR");
    // the temporary session is gone
    const titles = (await oc.api<{ title: string }[]>("GET", "/session")).json.map((s) => s.title);
    expect(titles).not.toContain(FALLBACK_SESSION_TITLE);

    // the session goes on, and a further failure is not logged again
    const next = oc.stub.mark();
    const reply = await oc.prompt(sessionID, "Third: carry on.");
    expect(reply.info.error).toBeUndefined();
    expect(oc.stub.since(next).filter((r) => r.kind === "chat")).toHaveLength(1);
    expect((await oc.summarize(sessionID)).status).toBe(200);
    expect((await oc.summary(sessionID))?.text).toBe(STUB_SUMMARY);
    expect(failures(oc)).toHaveLength(1);
  });

  it("prompt mode: OpenCode's own summary, from the history as usual", async () => {
    const oc = await startOpencode({
      plugin: { compaction: { mode: "prompt" } },
      prepare: (paths) => {
        fs.mkdirSync(paths.transcriptsDir, { recursive: true });
        makeReadOnly(paths.transcriptsDir);
      },
    });
    current = oc;
    const sessionID = await oc.createSession();
    await oc.prompt(sessionID, `The flag is CORAL-5521.\n${filler("p1", 20)}`);
    const mark = oc.stub.mark();
    expect((await oc.summarize(sessionID)).status).toBe(200);
    const during = oc.stub.since(mark);
    expect(during.map((r) => r.kind)).toEqual(["compaction"]);
    expect(during[0]?.lastUserText).toContain("CORAL-5521");
    expect((await oc.summary(sessionID))?.text).toBe(STUB_SUMMARY);
    expect(failures(oc)).toHaveLength(1);
    expect(fs.readdirSync(oc.transcriptsDir)).toEqual([]);
    const reply = await oc.prompt(sessionID, "Go on.");
    expect(reply.info.error).toBeUndefined();
  });
});
