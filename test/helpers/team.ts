/**
 * Real git repositories for team memory: a bare repository standing for the shared remote, clones of it for each
 * developer, each developer with their own data folder (their own store) and the plugin's memory tools over it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ToolContext } from "@opencode-ai/plugin";
import { createMemoryLogger } from "../../src/log.js";
import { parseOptions } from "../../src/options.js";
import { normalizeScopePath } from "../../src/scope.js";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { createTeamMemory, type TeamMemory } from "../../src/team/team-memory.js";
import { teamFilePath } from "../../src/team/team-path.js";
import { createMemoryTools } from "../../src/tools/memory-tools.js";
import { toolBoundaries } from "../../src/tools/tool-boundary.js";
import { T0, toolContext } from "./memory.js";
import { tempDir } from "./temp-dir.js";

/** git with a fixed identity and no user or system configuration, so the machine's settings play no part. */
export function git(cwd: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  const home = path.join(path.dirname(cwd), ".git-home");
  fs.mkdirSync(home, { recursive: true });
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "Dev",
      GIT_AUTHOR_EMAIL: "dev@example.invalid",
      GIT_COMMITTER_NAME: "Dev",
      GIT_COMMITTER_EMAIL: "dev@example.invalid",
      GIT_TERMINAL_PROMPT: "0",
    },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** git that must succeed. */
export function gitOk(cwd: string, ...args: string[]): string {
  const result = git(cwd, ...args);
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

export interface Developer {
  name: string;
  /** The clone's folder (its project scope). */
  project: string;
  file: string;
  memory: TeamMemory;
  tools: ReturnType<typeof createMemoryTools>;
  ctx: ToolContext;
  /** What the team memory logged (bad lines). */
  logged(): string[];
  close(): void;
}

export interface TeamRepo {
  root: string;
  bare: string;
  now: { value: number };
  developer(name: string): Developer;
}

/** A bare repository with one commit on main, and a factory of developers who each clone it. */
export function teamRepo(): TeamRepo {
  const root = tempDir("ledger-team-");
  const bare = path.join(root, "remote.git");
  gitOk(root, "init", "--bare", "--initial-branch=main", bare);
  const seed = path.join(root, "seed");
  gitOk(root, "clone", bare, seed);
  fs.writeFileSync(path.join(seed, "README.md"), "# project\n");
  gitOk(seed, "add", "README.md");
  gitOk(seed, "commit", "-m", "start");
  gitOk(seed, "push", "origin", "HEAD:main");
  const now = { value: T0 };
  return {
    root,
    bare,
    now,
    developer(name) {
      const dir = path.join(root, name);
      gitOk(root, "clone", bare, path.join(dir, "project"));
      const project = normalizeScopePath(path.join(dir, "project"));
      const dataDir = path.join(dir, "data");
      const database = new Database({ dataDir });
      const clock = () => now.value;
      const log = createMemoryLogger();
      const memory = createTeamMemory({
        memory: createMemoryStore({ database, clock }),
        clock,
        follow: [project],
        log,
      });
      const { options } = parseOptions({ dataDir });
      return {
        name,
        project,
        file: teamFilePath(project),
        memory,
        tools: toolBoundaries(createMemoryTools({ memory, options })),
        ctx: toolContext(project, { sessionID: `ses_${name}` }),
        logged: () => log.lines.map((l) => l.message),
        close: () => database.close(),
      };
    },
  };
}

export const idOf = (text: unknown) => /\[([0-9a-z]{12})\]/.exec(String(text))?.[1] ?? "";

/** A valid line of a team file, written by hand as a teammate or a merge would leave it. */
export const teamLine = (id: string, title: string, body = "b", status = "active") =>
  JSON.stringify({
    id,
    kind: "decision",
    title,
    status,
    body,
    created: "2025-01-01T00:00:00.000Z",
    updated: "2025-01-01T00:00:00.000Z",
  });
