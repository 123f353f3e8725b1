import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseBytes } from "../../src/store/database-files.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("databaseBytes", () => {
  it("counts a database file with its WAL and shared memory, and is 0 when none exists", () => {
    const dir = tempDir();
    const file = path.join(dir, "x.db");
    expect(databaseBytes(file)).toBe(0);
    fs.writeFileSync(file, Buffer.alloc(4096));
    fs.writeFileSync(`${file}-wal`, Buffer.alloc(1000));
    fs.writeFileSync(`${file}-shm`, Buffer.alloc(32768));
    expect(databaseBytes(file)).toBe(4096 + 1000 + 32768);
  });

  it("sizes a link as a link and never follows it", () => {
    const dir = tempDir();
    const target = path.join(dir, "big");
    fs.writeFileSync(target, Buffer.alloc(100_000));
    const file = path.join(dir, "x.db");
    fs.symlinkSync(target, file);
    expect(databaseBytes(file)).toBe(fs.lstatSync(file).size);
    expect(databaseBytes(file)).toBeLessThan(100_000);
  });
});
