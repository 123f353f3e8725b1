/**
 * The scope a session's transcript is filed under when another project reads it first: the session's own project
 * (its git worktree), not the child folder it ran in and not the reader's project.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeScopePath } from "../../src/scope.js";
import type { SessionInfo } from "../../src/transcripts/source/session-source.js";
import { scopeOfSession } from "../../src/transcripts/transcript-service.js";
import { tempDir } from "../helpers/temp-dir.js";

function info(directory: string): SessionInfo {
  return { id: "ses_child0000001", title: "t", directory, time: { created: 1, updated: 1 } };
}

describe("scopeOfSession", () => {
  it("a child-folder session of project P read from project Q is filed under P", () => {
    const root = tempDir();
    const p = path.join(root, "p");
    const child = path.join(p, "packages", "web");
    const q = path.join(root, "q");
    for (const dir of [path.join(p, ".git"), child, path.join(q, ".git")]) fs.mkdirSync(dir, { recursive: true });
    const P = normalizeScopePath(p);
    const Q = normalizeScopePath(q);
    expect(scopeOfSession(info(child), Q)).toBe(P);
    // Read from P itself: P, as before.
    expect(scopeOfSession(info(child), P)).toBe(P);
    // A session of Q read from Q: Q.
    expect(scopeOfSession(info(q), Q)).toBe(Q);
  });

  it("a folder outside git is its own project", () => {
    const root = tempDir();
    const loose = path.join(root, "loose", "inner");
    fs.mkdirSync(loose, { recursive: true });
    const q = path.join(root, "q");
    fs.mkdirSync(q);
    expect(scopeOfSession(info(loose), normalizeScopePath(q))).toBe(normalizeScopePath(loose));
  });
});
