import { describe, expect, it } from "vitest";
import { redactCutEdge, redactionNote, redactLines, redactSecrets } from "../../src/secret-guard/redact.js";
import { PROVIDER_SAMPLES } from "../helpers/provider-samples.js";
import { pemBlock, SAMPLES, seeded } from "../helpers/secret-samples.js";

const sample = (label: string) => {
  const found = [...PROVIDER_SAMPLES, ...SAMPLES].find((s) => s.label === label);
  if (!found) throw new Error(`no sample ${label}`);
  return found.build(seeded(label.length));
};

describe("redactSecrets", () => {
  it("replaces each secret by its kind and keeps the rest of the text", () => {
    const docker = sample("dckr_pat_");
    const twilio = sample("SK");
    const text = `login with ${docker} then call Twilio with ${twilio}; done`;
    const out = redactSecrets(text);
    expect(out).toEqual({
      text: "login with [redacted: Docker Hub token] then call Twilio with [redacted: Twilio API key]; done",
      redacted: 2,
      kinds: ["Docker Hub token", "Twilio API key"],
    });
  });

  it("keeps the key of an assignment and the user of a URL readable", () => {
    const out = redactSecrets("DB_PASSWORD=Xk9Tq2LmZ8vRmP2wQ\npostgres://app:Zr8pQ2mXk9vL4tWq@db/app");
    expect(out.text).toBe(
      "DB_PASSWORD=[redacted: credential assignment]\npostgres://app:[redacted: password in URL]@db/app",
    );
    expect(out.redacted).toBe(2);
  });

  it("counts a token assigned to a secret-named key once, under its shape's kind", () => {
    const token = sample("gsk_");
    expect(redactSecrets(`GROQ_API_KEY=${token}`)).toEqual({
      text: "GROQ_API_KEY=[redacted: Groq API key]",
      redacted: 1,
      kinds: ["Groq API key"],
    });
  });

  it("redacts a private key over its lines and keeps the line count", () => {
    const key = pemBlock(seeded(3), "RSA");
    const text = `before\n${key}\nafter`;
    const out = redactSecrets(text);
    expect(out.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(out.text.split("\n")[0]).toBe("before");
    expect(out.text.split("\n").at(-1)).toBe("after");
    expect(out.text).not.toMatch(/[A-Za-z0-9+/]{20}/);
    expect(out.redacted).toBe(1);
  });

  it("returns the very text, unchanged, when there is nothing to redact, and is idempotent", () => {
    const text = "commit 3f2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a: use WAL, token budget unchanged";
    expect(redactSecrets(text)).toEqual({ text, redacted: 0, kinds: [] });
    const once = redactSecrets(`token: ${sample("hvs.")}`).text;
    expect(redactSecrets(once)).toEqual({ text: once, redacted: 0, kinds: [] });
  });
});

describe("redactLines", () => {
  it("reads the lines together, so a key split over lines is found, and gives back as many lines", () => {
    const lines = ["intro", ...pemBlock(seeded(4), "OPENSSH").split("\n"), "outro"];
    const out = redactLines(lines);
    expect(out.lines).toHaveLength(lines.length);
    expect(out.lines[0]).toBe("intro");
    expect(out.lines.slice(1, -1).every((l) => l === "[redacted: private key block]")).toBe(true);
    expect(out.redacted).toBe(1);
  });
});

describe("redactCutEdge", () => {
  it("redacts a random run touching a cut, and leaves words and short runs alone", () => {
    expect(redactCutEdge("Xk9Tq2LmZ8vRmP2wQ and the rest", "start").text).toBe(
      "[redacted: token cut at the edge] and the rest",
    );
    expect(redactCutEdge("the value was Xk9Tq2LmZ8vRmP2wQ", "end").text).toBe(
      "the value was [redacted: token cut at the edge]",
    );
    for (const text of ["transcription of the call", "abc123 ok"]) {
      expect(redactCutEdge(text, "start")).toEqual({ text, redacted: 0, kinds: [] });
      expect(redactCutEdge(text, "end")).toEqual({ text, redacted: 0, kinds: [] });
    }
  });

  it("leaves an identifier or a path of named folders cut short, and redacts a path holding a random part", () => {
    // Runs the ranked search cut at a hit's edge in real sessions: a camelCase name, a word, a path.
    for (const run of [
      "timelineIte",
      "PowerShel",
      "/Users/sarah/Desktop/projects/backend/src/main/java/com/citybus/platform/repository/BusStopRepository.java",
      "ByteStreamReader.java",
    ]) {
      expect(redactCutEdge(`the list of ${run}`, "end").redacted).toBe(0);
      expect(redactCutEdge(`${run} and the rest`, "start").redacted).toBe(0);
    }
    // The rest of an AWS-style secret key (base64 with slashes), and a token in a URL's path, are still redacted.
    expect(redactCutEdge("secret K7MDENG/bPxRfiCYzQ9kLm2Vn", "end").text).toBe(
      "secret [redacted: token cut at the edge]",
    );
    expect(redactCutEdge("9kLm2VnQx7RtBw/reset and more", "start").text).toBe(
      "[redacted: token cut at the edge] and more",
    );
    expect(redactCutEdge("fetch /api/v1/reset/Xk9Tq2LmZ8vRmP2wQ", "end").redacted).toBe(1);
  });
});

describe("redactionNote", () => {
  it("says how many values of which kinds, and nothing when there were none", () => {
    expect(redactionNote(0, [])).toBe("");
    expect(redactionNote(1, ["npm token"])).toBe(
      "[secret guard] 1 value that looks like a secret was replaced by [redacted: …] (npm token).",
    );
    expect(redactionNote(9, ["a", "b", "c", "d", "e", "f", "g"])).toBe(
      "[secret guard] 9 values that look like secrets were replaced by [redacted: …] (a, b, c, d, e, f, …).",
    );
  });
});
