import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-dir.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("the zod the build ships", () => {
  it("is one file without imports that builds the same schemas with the English messages", async () => {
    const out = path.join(tempDir(), "zod.js");
    const run = spawnSync(
      "node",
      [path.join(ROOT, "scripts", "bundle-zod.mjs"), path.join(ROOT, "src", "zod.ts"), out],
      {
        encoding: "utf8",
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const text = fs.readFileSync(out, "utf8");
    expect(text).not.toMatch(/\bimport\s*[{*\w"]|\brequire\(/);
    expect(text.length).toBeLessThan(120_000);
    const { z } = (await import(out)) as typeof import("../../src/zod.js");
    expect(z.number().int().max(3).safeParse(5).error?.issues[0]?.message).toBe("Too big: expected number to be <=3");
    const strict = z.strictObject({ mode: z.enum(["pointer", "off"]) }).safeParse({ mode: "x", extra: 1 });
    expect(strict.error?.issues.map((i) => i.message)).toEqual([
      'Invalid option: expected one of "pointer"|"off"',
      'Unrecognized key: "extra"',
    ]);
    const described = z.array(z.string()).optional().describe("Tags.");
    expect(described.description).toBe("Tags.");
    expect(described.safeParse(undefined).success).toBe(true);
  });

  it("fails loudly when the entry does not exist", () => {
    const run = spawnSync("node", [path.join(ROOT, "scripts", "bundle-zod.mjs"), path.join(tempDir(), "absent.ts")], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("[bundle-zod] bundling failed");
  });
});
