import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];

/** A fresh folder under the system temp dir, removed after the test. */
export function tempDir(prefix = "ledger-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A fresh folder that lives until `remove` is called (for a suite's shared data, set up in beforeAll). */
export function suiteDir(prefix = "ledger-suite-"): { path: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { path: dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
