import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { generatedBenign } from "../helpers/benign-texts.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("secret guard: a large benign corpus passes", () => {
  it("refuses none of 4,000 generated digests, UUIDs, base64 images, JWT fragments and sentences", () => {
    const items = generatedBenign(4000);
    const refused = items.filter((item) => findSecret(item.text) !== undefined);
    expect(refused).toEqual([]);
    expect(new Set(items.map((item) => item.source)).size).toBeGreaterThanOrEqual(6);
  });

  it("refuses none of the lockfile's integrity and resolved lines", () => {
    const lines = fs
      .readFileSync(path.join(root, "package-lock.json"), "utf8")
      .split("\n")
      .filter((line) => /"(?:integrity|resolved)":/.test(line));
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter((line) => findSecret(line) !== undefined)).toEqual([]);
  });
});
