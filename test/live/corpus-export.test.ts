/**
 * Real sessions written by people (shared corpus, `opencode export` files) are loaded with `opencode import` into
 * the isolated HOME and exported through the live server: every text, reasoning and tool string is in the
 * transcript.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusFiles } from "../helpers/transcripts.js";
import { type LiveServer, launch } from "./harness.js";
import { prepareHome, runCli } from "./live-home.js";
import { startStubModel } from "./stub-model.js";

const FILES = [
  "session__jolly-eagle__ses_39b5d713cffeRgAoxPIwS3Plus.json",
  "session__crisp-garden__ses_39bc72f63ffeQb8egYBpyTrCNr.json",
];

interface ExportPart {
  type: string;
  text?: string;
  tool?: string;
  state?: { status: string; input?: unknown; output?: string; error?: string };
}
interface ExportFile {
  info: { id: string };
  messages: { info: { id: string }; parts: ExportPart[] }[];
}

/** Every string a part holds, as the person or the model wrote it. */
function stringsOf(part: ExportPart): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  if ((part.type === "text" || part.type === "reasoning") && part.text) out.push(part.text);
  if (part.type === "tool" && part.state) {
    walk(part.state.input);
    if (part.state.output) out.push(part.state.output);
    if (part.state.error) out.push(part.state.error);
  }
  return out;
}

/** The lines a string becomes in a transcript (NUL shown as ␀, CR dropped), blank ones left out. */
const linesOf = (text: string) =>
  text
    .replaceAll("\0", "\u2400")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.trim() !== "");

describe("corpus sessions exported through the live server", () => {
  let oc: LiveServer;
  // Fails with a clear message when the corpus (shared/ beside the checkout) is missing.
  const CORPUS = path.dirname(corpusFiles()[0] ?? "");
  const sessions: ExportFile[] = FILES.map((f) => JSON.parse(fs.readFileSync(path.join(CORPUS, f), "utf8")));

  beforeAll(async () => {
    const stub = await startStubModel();
    // No cut of long tool outputs: the whole of every string must be in the file.
    const paths = prepareHome(stub, { plugin: { compaction: { inlineOutputMaxBytes: 10_000_000 } } });
    for (const file of FILES) {
      const result = await runCli(paths, ["import", path.join(CORPUS, file)]);
      expect(result.output).toContain("Imported session");
    }
    oc = await launch(paths, stub, true);
  });
  afterAll(async () => {
    await oc?.stop();
  });

  it.each(FILES.map((f, i) => [f, i] as const))("%s: every text and tool string is findable", async (_file, i) => {
    const session = sessions[i] as ExportFile;
    const here = await oc.createSession();
    const mark = oc.stub.mark();
    expect((await oc.command(here, "memory-continue", session.info.id)).status).toBe(200);
    const asked = oc.stub.since(mark).find((r) => r.kind === "chat")?.lastUserText ?? "";
    const transcript = /Transcript: (\S+) \(lines 1-\d+\)/.exec(asked)?.[1];
    expect(transcript, asked).toBeDefined();
    const content = fs.readFileSync(transcript ?? "", "utf8");
    let checked = 0;
    const missing: string[] = [];
    for (const message of session.messages) {
      for (const part of message.parts) {
        for (const line of stringsOf(part).flatMap(linesOf)) {
          checked++;
          if (!content.includes(line)) missing.push(`${message.info.id} ${part.type}: ${line.slice(0, 120)}`);
        }
      }
    }
    expect(missing.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
