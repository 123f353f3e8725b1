/**
 * The package as npm installs it: OpenCode resolves a bare plugin name to `<cache>/opencode/packages/<name>@latest/
 * node_modules/<name>` and loads `exports["./tui"]` (and `./server`) from there. Files under node_modules get no JSX
 * transform from the host, so what ships must be plain JS; this test packs the package (`npm pack`), lays it out
 * there with its dependencies beside it, and checks that both parts load and the TUI reads the store.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/store/database.js";
import { createMemoryStore } from "../../src/store/memory-store.js";
import { type StubModel, startStubModel } from "./stub-model.js";
import { REPO_ROOT, startTui, type TuiRun } from "./tui-harness.js";

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
  name: string;
  dependencies?: Record<string, string>;
};

/** Packs the package and unpacks it where OpenCode's npm install would have put it, dependencies linked beside it. */
function installLikeNpm(cacheDir: string, scratch: string): string {
  const packed = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  }).trim();
  const modules = path.join(cacheDir, "opencode", "packages", `${pkg.name}@latest`, "node_modules");
  const target = path.join(modules, pkg.name);
  fs.mkdirSync(target, { recursive: true });
  execFileSync("tar", [
    "xzf",
    path.join(scratch, packed.split("\n").at(-1) as string),
    "-C",
    target,
    "--strip-components=1",
  ]);
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    const link = path.join(modules, dep);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", dep), link);
  }
  return target;
}

describe("the TUI part from an npm-installed layout", () => {
  let run: TuiRun;
  let stub: StubModel;
  let installed = "";

  beforeAll(async () => {
    stub = await startStubModel();
    run = await startTui({
      stub,
      config: { plugin: [pkg.name] },
      tuiPlugin: pkg.name,
      prepare: async (paths) => {
        const scratch = path.join(paths.root, "pack");
        fs.mkdirSync(scratch);
        installed = installLikeNpm(path.join(paths.home, ".cache"), scratch);
        const database = new Database({ dataDir: paths.dataDir });
        const memory = createMemoryStore({ database, clock: Date.now });
        await memory.save(
          { scope: paths.project, kind: "lesson", title: "Installed layout works", body: "from node_modules" },
          { kind: "agent", agent: "build" },
          { changesAwaitReview: true },
        );
        database.close();
      },
    });
  }, 90_000);

  afterAll(async () => {
    await run?.stop();
    await stub?.close();
  });

  it("ships compiled JS only, and OpenCode loads it from node_modules: toast, status, /memory", async () => {
    const shipped = fs.readdirSync(path.join(installed, "dist", "tui-part"));
    expect(shipped).toContain("tui.js");
    expect(shipped.filter((f) => /\.(tsx|jsx)$/.test(f))).toEqual([]);
    await run.pane.waitForToast("memory loaded: /memory", 15_000, "the load toast");
    await run.pane.waitFor("mem 0 · 1 to review", 10_000, "the status");
    run.pane.type("/memory ");
    run.pane.keys("Enter");
    // The dialog with its entry: its heading can be drawn a frame before the rows under it.
    await run.pane.waitFor(
      (s) => s.includes("Waiting for review (1)") && s.includes("Installed layout works"),
      10_000,
      "the /memory dialog with its entry",
    );
    // The server part loaded from the same layout: its tools are registered.
    const tools = await run.api<string[]>("GET", "/experimental/tool/ids");
    expect(tools.json).toContain("memory_save");
  });
});
