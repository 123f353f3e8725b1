import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FolderMarks } from "../../src/search/folder-marks.js";
import { tempDir } from "../helpers/temp-dir.js";

/** Sets a folder's time a minute back: settled, as a folder nothing was written to lately is. */
function settle(dir: string, ago = 60_000): void {
  const when = new Date(Date.now() - ago);
  fs.utimesSync(dir, when, when);
}

function folders() {
  const root = tempDir("marks");
  for (const name of ["a", "b"]) fs.mkdirSync(path.join(root, name));
  for (const dir of [root, path.join(root, "a"), path.join(root, "b")]) settle(dir);
  return root;
}

describe("folder marks", () => {
  it("stand for a folder until a file is added, removed or renamed in it", () => {
    const root = folders();
    const marks = new FolderMarks(root);
    expect(marks.unchanged(["a"])).toBe(false);
    marks.note(marks.take(["a"]), false);
    expect(marks.unchanged(["a"])).toBe(true);
    expect(marks.unchanged(["b"])).toBe(false);
    fs.writeFileSync(path.join(root, "a", "ses_00000000new.md"), "x\n");
    expect(marks.unchanged(["a"])).toBe(false);
    settle(path.join(root, "a"));
    marks.note(marks.take(["a"]), false);
    fs.renameSync(path.join(root, "a", "ses_00000000new.md"), path.join(root, "a", "ses_00000000old.md"));
    expect(marks.unchanged(["a"])).toBe(false);
  });

  it("never note a folder changed too recently to tell its next change by its time", () => {
    const root = folders();
    settle(path.join(root, "a"), 0);
    const marks = new FolderMarks(root);
    marks.note(marks.take(["a"]), false);
    expect(marks.unchanged(["a"])).toBe(false);
  });

  it("stand for every project only after every folder was listed, and not once a folder is added", () => {
    const root = folders();
    const marks = new FolderMarks(root);
    marks.note(marks.take(["a"]), false);
    expect(marks.unchanged("all")).toBe(false);
    marks.note(marks.take(["a", "b"]), true);
    expect(marks.unchanged("all")).toBe(true);
    fs.mkdirSync(path.join(root, "c"));
    expect(marks.unchanged("all")).toBe(false);
    // Noting this project's folder again at the new time does not vouch for every folder.
    settle(root, 120_000);
    marks.note(marks.take(["a"]), false);
    expect(marks.unchanged(["a"])).toBe(true);
    expect(marks.unchanged("all")).toBe(false);
  });

  it("take nothing when a folder is missing or a link, and forget on request", () => {
    const root = folders();
    const marks = new FolderMarks(root);
    expect(marks.take(["missing"])).toBeUndefined();
    fs.symlinkSync(path.join(root, "a"), path.join(root, "link"));
    expect(marks.take(["link"])).toBeUndefined();
    marks.note(undefined, false);
    expect(marks.unchanged(["a"])).toBe(false);
    marks.note(marks.take(["a"]), false);
    marks.forget();
    expect(marks.unchanged(["a"])).toBe(false);
  });
});
