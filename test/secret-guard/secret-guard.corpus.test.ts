import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findSecret } from "../../src/secret-guard/secret-guard.js";

// Real OpenCode sessions written by other people: code, tool output, base64 attachments, logs. CI has shared/
// beside the checkout; without it these tests fail, because a guard never run against real data proves little.
const CORPUS = path.resolve(fileURLToPath(new URL("../..", import.meta.url)), "..", "shared", "corpus");
const EXPORTS = path.join(CORPUS, "opencode-export");
const STREAMS = path.join(CORPUS, "event-streams");
const present = fs.existsSync(EXPORTS) && fs.existsSync(STREAMS);
const MISSING = `the session corpus is missing: expected ${EXPORTS} and ${STREAMS} (shared/corpus beside the checkout, as in CI)`;

const list = (dir: string, ext: string) =>
  present
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(ext))
        .sort()
    : [];

/** Every string in a parsed JSON value, object keys included, with where it sits. */
function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === "string") yield [at, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${at}[${i}]`);
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      yield [`${at} (key)`, k];
      yield* strings(v, `${at}.${k}`);
    }
  }
}

function documents(file: string): [string, unknown][] {
  const text = fs.readFileSync(file, "utf8");
  if (!file.endsWith(".jsonl")) return [["$", JSON.parse(text)]];
  return text
    .split("\n")
    .map((line, i): [string, string] => [`line ${i + 1}`, line])
    .filter(([, line]) => line.trim() !== "")
    .map(([where, line]) => [where, JSON.parse(line)]);
}

/** The strings of one file the guard refuses, as "where: kind" (never the text itself). */
function refusals(file: string): { checked: number; refused: string[] } {
  let checked = 0;
  const refused: string[] = [];
  for (const [where, doc] of documents(file)) {
    for (const [at, text] of strings(doc, where)) {
      checked++;
      const kind = findSecret(text);
      if (kind) refused.push(`${at}: ${kind}`);
    }
  }
  const whole = findSecret(fs.readFileSync(file, "utf8"));
  if (whole) refused.push(`the whole file: ${whole}`);
  return { checked, refused };
}

describe("secret guard: the real session corpus passes", () => {
  it("finds the corpus beside the checkout", () => {
    if (!present) throw new Error(MISSING);
    expect(list(EXPORTS, ".json")).toHaveLength(6);
    expect(list(STREAMS, ".jsonl")).toHaveLength(14);
  });

  for (const [dir, ext] of [
    [EXPORTS, ".json"],
    [STREAMS, ".jsonl"],
  ] as const) {
    for (const name of list(dir, ext)) {
      it(`refuses nothing in ${path.basename(dir)}/${name}`, () => {
        const { checked, refused } = refusals(path.join(dir, name));
        expect(checked).toBeGreaterThan(50);
        expect(refused).toEqual([]);
      });
    }
  }

  it("is not fooled by the base64 blobs of curious-harbor, where a naive sk- pattern finds a key", () => {
    if (!present) throw new Error(MISSING);
    const name = list(EXPORTS, ".json").find((f) => f.startsWith("session__curious-harbor__"));
    expect(name).toBeDefined();
    const text = fs.readFileSync(path.join(EXPORTS, name as string), "utf8");
    expect(/sk-[A-Za-z0-9]{20,}/.test(text)).toBe(true);
    expect(findSecret(text)).toBeUndefined();
  });
});
