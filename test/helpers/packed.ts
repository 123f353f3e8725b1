/**
 * The package as it is published: `npm pack` of the checkout (its build is not run again: build first), and an
 * `npx`-style install of that tarball into a prefix of its own, with no registry and nothing compiled.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface PackedPackage {
  name: string;
  version: string;
  /** The manifest as packed (package.json). */
  manifest: Record<string, unknown>;
  tarball: Buffer;
  file: string;
}

/** `npm pack` of `dir` into `scratch`. */
export function pack(dir: string, scratch: string): PackedPackage {
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], {
    cwd: dir,
    encoding: "utf8",
  });
  const file = path.join(scratch, out.trim().split("\n").at(-1) as string);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  return {
    name: manifest.name as string,
    version: manifest.version as string,
    manifest,
    tarball: fs.readFileSync(file),
    file,
  };
}

/**
 * Installs the tarball into `<root>/prefix` with npm run by `node` (a folder holding only node and npm is the PATH:
 * no compiler, no python, no make), offline. Returns the installed command's path and npm's output.
 */
export function installTarball(tarball: string, root: string, node: string): { bin: string; output: string } {
  const tools = path.join(root, "install-bin");
  fs.mkdirSync(tools, { recursive: true });
  fs.symlinkSync(node, path.join(tools, "node"));
  const npmCli = npmCliScript();
  const prefix = path.join(root, "prefix");
  fs.mkdirSync(prefix, { recursive: true });
  const out = spawnSync(
    node,
    [
      npmCli,
      "install",
      "--prefix",
      prefix,
      "--offline",
      "--no-audit",
      "--no-fund",
      "--cache",
      path.join(root, "npm-cache"),
      tarball,
    ],
    { encoding: "utf8", env: { PATH: tools, HOME: path.join(root, "home") }, timeout: 120_000 },
  );
  const output = `${out.stdout}${out.stderr}`;
  if (out.status !== 0) throw new Error(`npm install of ${tarball} failed (exit ${out.status}):\n${output}`);
  return { bin: path.join(prefix, "node_modules", ".bin", "opencode-ledger"), output };
}

/** npm's own script (npm-cli.js), found through the `npm` on the PATH, so it can be run by any Node. */
function npmCliScript(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const npm = path.join(dir, "npm");
    if (fs.existsSync(npm)) {
      const real = fs.realpathSync(npm);
      if (real.endsWith(".js")) return real;
      const beside = path.join(path.dirname(real), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js");
      if (fs.existsSync(beside)) return beside;
    }
  }
  throw new Error("npm is not on the PATH");
}

export interface InstalledCli {
  /** The installed `opencode-ledger` command. */
  bin: string;
  /** Runs it with only `node` (the given one) on the PATH, plus `opencode` when asked; offline where it can be. */
  run(
    args: readonly string[],
    options: { cwd: string; home: string; opencode?: string; input?: string },
  ): { code: number; stdout: string; stderr: string };
  /** Whether runs are cut off from the network (a network namespace of their own). */
  offline: boolean;
}

const UNSHARE = "/usr/bin/unshare";
/** A network namespace of our own (no interface but loopback) proves a run needs no network, where one can be made. */
const canUnshare = fs.existsSync(UNSHARE) && spawnSync(UNSHARE, ["-rn", "true"]).status === 0;

/** Packs the checkout and installs it npx-style for `node`; every run then sees only node (and opencode if given). */
export function installedCli(repo: string, root: string, node: string): InstalledCli {
  const scratch = path.join(root, "pack");
  fs.mkdirSync(scratch, { recursive: true });
  const packed = pack(repo, scratch);
  const { bin } = installTarball(packed.file, root, node);
  const nodeOnly = path.join(root, "node-bin");
  fs.mkdirSync(nodeOnly, { recursive: true });
  fs.symlinkSync(node, path.join(nodeOnly, "node"));
  return {
    bin,
    offline: canUnshare,
    run(args, options) {
      const dirs = [nodeOnly];
      if (options.opencode) {
        const withOpencode = path.join(root, "opencode-bin");
        if (!fs.existsSync(withOpencode)) {
          fs.mkdirSync(withOpencode);
          fs.symlinkSync(options.opencode, path.join(withOpencode, "opencode"));
        }
        dirs.push(withOpencode);
      }
      const env = {
        PATH: dirs.join(path.delimiter),
        HOME: options.home,
        XDG_DATA_HOME: path.join(options.home, ".local", "share"),
        XDG_CACHE_HOME: path.join(options.home, ".cache"),
        TMPDIR: fs.mkdtempSync(path.join(root, "tmp-")),
        LANG: "C.UTF-8",
      };
      const [command, argv] = canUnshare ? [UNSHARE, ["-rn", bin, ...args]] : [bin, [...args]];
      const out = spawnSync(command, argv, {
        cwd: options.cwd,
        env,
        input: options.input ?? "",
        encoding: "utf8",
        timeout: 60_000,
      });
      if (out.error) throw out.error;
      return { code: out.status ?? -1, stdout: out.stdout, stderr: out.stderr };
    },
  };
}

/** A project folder (a git root) and a store with one entry of it and one global, for the installed tool to read. */
export async function seedProjectStore(dataDir: string, project: string): Promise<void> {
  const [{ Database }, { createMemoryStore }, { GLOBAL_SCOPE, normalizeScopePath }] = await Promise.all([
    import("../../src/store/database.js"),
    import("../../src/store/memory-store.js"),
    import("../../src/scope.js"),
  ]);
  fs.mkdirSync(path.join(project, ".git"), { recursive: true });
  const database = new Database({ dataDir });
  const memory = createMemoryStore({ database, clock: Date.now });
  const actor = { kind: "agent", agent: "build", session: "ses_cli00001" } as const;
  await memory.save(
    { scope: normalizeScopePath(project), kind: "fact", title: "Deploys go through staging", body: "always" },
    actor,
  );
  await memory.save({ scope: GLOBAL_SCOPE, kind: "lesson", title: "Pin the plugin", body: "one install" }, actor);
  database.close();
}
