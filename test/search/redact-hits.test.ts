import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Found } from "../../src/search/found.js";
import { redactFound } from "../../src/search/redact-hits.js";
import { renderFound } from "../../src/search/render.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../../src/search/search.js";
import { createSessionSearchTool } from "../../src/tools/memory-session-search.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { rankedCoverage } from "../helpers/ranked-coverage.js";
import { pemBlock, seeded } from "../helpers/secret-samples.js";
import { tempDir } from "../helpers/temp-dir.js";
import { toolContext } from "../helpers/tool-context.js";
import { writeTranscript } from "../helpers/transcript-files.js";

const rgFound = "found" in (await createRipgrepLocator(undefined)());
const token = (label: string, seed = 1) =>
  (PROVIDER_SAMPLES.find((s) => s.label === label) ?? PROVIDER_SAMPLES[0])?.build(seeded(seed)) ?? "";

function setup(useRipgrep: boolean) {
  const root = tempDir();
  const transcriptsDir = path.join(root, "data", "transcripts");
  const project = path.join(root, "project");
  const search = createTranscriptSearch({ transcriptsDir, useRipgrep, locateRipgrep: createRipgrepLocator(undefined) });
  return { transcriptsDir, project, search };
}

for (const useRipgrep of rgFound ? [false, true] : [false]) {
  describe(`search results are redacted (${useRipgrep ? "ripgrep" : "built-in scanner"})`, () => {
    it("replaces a token in a match line and its context, says so on the last line, and leaves the file verbatim", async () => {
      const s = setup(useRipgrep);
      const docker = token("dckr_pat_");
      const grafana = token("glc_");
      const file = writeTranscript(s.transcriptsDir, s.project, "ses_aaaaaaaa01", [
        `export GRAFANA=${grafana}`,
        `deploy: docker login -p ${docker} registry`,
        "the deploy worked",
      ]);
      const tool = createSessionSearchTool({ search: s.search });
      const text = String(await tool.execute({ query: "docker login", contextLines: 1 }, toolContext(s.project)));
      // No index here: the tool's ranked search is answered by the scan, its hit shown in the ranked form.
      expect(text).toContain("\n2: deploy: docker login -p [redacted: Docker Hub token] registry\n");
      expect(text).toContain("\n1- export GRAFANA=[redacted: Grafana token]\n");
      expect(text).not.toContain(docker);
      expect(text).not.toContain(grafana);
      expect(text.split("\n").at(-1)).toBe(
        "[secret guard] 2 values that look like secrets were replaced by [redacted: …] (Grafana token, Docker Hub token).",
      );
      expect(fs.readFileSync(file, "utf8")).toContain(docker);
    });

    it("finds a private key across the lines shown, and a token cut by a long line's window", async () => {
      const s = setup(useRipgrep);
      const key = pemBlock(seeded(9), "RSA").split("\n");
      const cut = token("xai-");
      writeTranscript(s.transcriptsDir, s.project, "ses_aaaaaaaa02", [
        "cat ~/.ssh/deploy_key",
        ...key,
        `${"x".repeat(310)} marker ${"y".repeat(280)} ${cut} tail`,
      ]);
      const shown = await s.search({ query: "deploy_key", scope: s.project, contextLines: 3 });
      expect(shown.text).toContain("[redacted: private key block]");
      for (const line of key.slice(1, 4)) expect(shown.text).not.toContain(line);
      const long = await s.search({ query: "marker", scope: s.project, contextLines: 0 });
      expect(long.text).toContain("[redacted: token cut at the edge]");
      expect(long.text).not.toContain(cut.slice(0, 12));
    });

    it("redacts a hit in the middle of a private key whose BEGIN line is out of view; ordinary base64 passes", async () => {
      const s = setup(useRipgrep);
      const { privateKey } = crypto.generateKeyPairSync("rsa", {
        modulusLength: 2048,
        privateKeyEncoding: { type: "pkcs1", format: "pem" },
        publicKeyEncoding: { type: "spki", format: "pem" },
      });
      const key = privateKey.trimEnd().split("\n");
      const blob =
        crypto
          .randomBytes(400)
          .toString("base64")
          .match(/.{1,64}/g) ?? [];
      writeTranscript(s.transcriptsDir, s.project, "ses_aaaaaaaa04", [
        "cat ~/.ssh/id_rsa",
        ...key,
        "and a blob:",
        ...blob,
      ]);
      const middle = key[12] as string;
      const hit = await s.search({ query: middle.slice(10, 40), scope: s.project, contextLines: 2 });
      expect(hit.text).toContain("[redacted: private key block]");
      for (const row of key.slice(1, -1)) expect(hit.text).not.toContain(row);
      expect(hit.text).not.toContain(middle.slice(10, 40));
      expect(hit.text.split("\n").at(-1)).toMatch(/^\[secret guard\] 1 value .*\(private key block\)\.$/);
      const plain = await s.search({ query: (blob[3] as string).slice(5, 35), scope: s.project, contextLines: 2 });
      for (const row of blob.slice(1, 6)) expect(plain.text).toContain(row);
      expect(plain.text).not.toContain("[redacted");
    });

    it("shows the raw text only when asked (the command line's --raw), and adds no line when nothing was redacted", async () => {
      const s = setup(useRipgrep);
      const docker = token("dckr_pat_", 2);
      writeTranscript(s.transcriptsDir, s.project, "ses_aaaaaaaa03", [`docker login -p ${docker}`, "plain words"]);
      const raw = await s.search({ query: "docker login", scope: s.project, redact: false });
      expect(raw.text).toContain(docker);
      expect(raw.text.split("\n").at(-1)).toMatch(/^\[search\] /);
      const plain = await s.search({ query: "plain words", scope: s.project, contextLines: 0 });
      expect(plain.text.split("\n").at(-1)).toMatch(/^\[search\] /);
    });
  });
}

describe("the one redaction step, on a ranked search's hits", () => {
  it("redacts each hit's lines and its session's title once, whatever the number of its hits, before rendering", () => {
    const root = tempDir();
    const docker = token("dckr_pat_", 3);
    const grafana = token("glc_", 4);
    const file = writeTranscript(path.join(root, "transcripts"), path.join(root, "project"), "ses_rankedredact01", [
      "alpha",
      `deploy: docker login -p ${docker} registry`,
      "omega",
    ]);
    const transcript = {
      sessionID: "ses_rankedredact01",
      path: file,
      relative: path.basename(file),
      size: fs.statSync(file).size,
      mtimeMs: 0,
      ino: 0,
      title: `Deploy with ${grafana}`,
    };
    const hit = (line: number, text: string) => ({
      file: transcript,
      score: 1,
      role: "assistant" as const,
      tool: null,
      time: null,
      firstLine: line,
      lastLine: line,
      line,
      lines: [{ line, text, match: true }],
    });
    const result = {
      hits: [hit(2, `deploy: docker login -p ${docker} registry`), hit(3, "omega")],
      candidates: 2,
      cappedBySession: 0,
      repeated: 0,
      stale: 0,
      changed: [],
      absent: [],
    };
    const coverage = rankedCoverage({ limit: 5 });
    const found: Found = { kind: "ranked", result, coverage };
    const redacted = redactFound(found);
    expect(redacted).toEqual({ redacted: 2, kinds: ["Docker Hub token", "Grafana token"] });
    // The hits themselves (what the command line's --json prints) hold no secret, nor does the text.
    expect(JSON.stringify(result.hits)).not.toContain(docker);
    expect(JSON.stringify(result.hits)).not.toContain(grafana);
    const text = renderFound(found, 10_000, redacted);
    expect(text.split("\n").slice(0, 5)).toEqual([
      '# ses_rankedredact01 · "Deploy with [redacted: Grafana token]"',
      "## 1 · assistant",
      "2: deploy: docker login -p [redacted: Docker Hub token] registry",
      "## 2 · assistant",
      "3: omega",
    ]);
    expect(text.split("\n").at(-1)).toBe(
      "[secret guard] 2 values that look like secrets were replaced by [redacted: …] (Docker Hub token, Grafana token).",
    );
  });
});
