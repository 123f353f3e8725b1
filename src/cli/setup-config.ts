/**
 * What `setup` writes: this package's entry in OpenCode's global `opencode.json` (the server part) and `tui.json`
 * (the TUI part), with a spec OpenCode resolves. An installed copy is named by its absolute `file://` URL (never
 * `~`, which OpenCode does not expand); a copy run from npx's cache, which npm may clear, by its registry name and
 * version. An entry naming this package already is left as it is.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { InvalidInputError } from "../errors.js";
import { PACKAGE_NAME } from "../plugin-spec.js";
import { globalConfigDir, OWN_ROOT, readConfig } from "./opencode-config.js";

export interface SetupStep {
  file: string;
  kind: "server" | "tui";
  /** "added": the entry was written; "present": an entry naming this package was there already. */
  outcome: "added" | "present";
  spec: string;
}

/** The spec OpenCode should load this copy by. */
export function ownSpec(version: string, root: string = OWN_ROOT): string {
  if (root.split(path.sep).includes("_npx")) return `${PACKAGE_NAME}@${version}`;
  return pathToFileURL(root).href;
}

/**
 * The command that runs `setup` of this very copy, for a fix to point to. A copy from npx's cache is named by its
 * version (a bare `npx opencode-ledger` takes whatever copy npx finds first, or the registry's newest, or fails for a
 * version not published there); any other copy by its own script, which runs wherever it is installed (globally, in
 * a project, in OpenCode's plugin cache, in a checkout).
 */
export function setupCommand(version: string, root: string = OWN_ROOT): string {
  if (root.split(path.sep).includes("_npx")) return `npx ${PACKAGE_NAME}@${version} setup`;
  const script = path.join(root, "dist", "cli-tool", "cli.js");
  return `node ${/^[\w@%+=:,./-]+$/.test(script) ? script : JSON.stringify(script)} setup`;
}

/** The config file of `base` in `dir`: the .jsonc when that is the one there, else the .json. */
function configFile(dir: string, base: string): string {
  const jsonc = path.join(dir, `${base}.jsonc`);
  return fs.existsSync(jsonc) ? jsonc : path.join(dir, `${base}.json`);
}

/** Adds the entry to both files unless one is there; a file OpenCode could not read either is refused, unchanged. */
export function writeSetup(env: NodeJS.ProcessEnv, spec: string): SetupStep[] {
  const dir = globalConfigDir(env);
  const steps: SetupStep[] = [];
  const plans = (["server", "tui"] as const).map((kind) => {
    const file = configFile(dir, kind === "server" ? "opencode" : "tui");
    let value: Record<string, unknown> = {};
    if (fs.existsSync(file)) {
      const read = readConfig(file);
      if (!read.ok)
        throw new InvalidInputError("config", `${file} cannot be read (${read.error}); nothing was changed`);
      if (read.entries.length > 0) {
        steps.push({ file, kind, outcome: "present", spec: read.entries[0]?.spec ?? spec });
        return undefined;
      }
      value = read.value;
    }
    return { file, kind, value };
  });
  for (const plan of plans) {
    if (!plan) continue;
    const list = Array.isArray(plan.value.plugin) ? plan.value.plugin : [];
    const next = {
      ...(plan.kind === "server" && !fs.existsSync(plan.file) ? { $schema: "https://opencode.ai/config.json" } : {}),
      ...plan.value,
      plugin: [...list, spec],
    };
    fs.mkdirSync(path.dirname(plan.file), { recursive: true });
    fs.writeFileSync(plan.file, `${JSON.stringify(next, null, 2)}\n`);
    steps.push({ file: plan.file, kind: plan.kind, outcome: "added", spec });
  }
  return steps.sort((a, b) => a.kind.localeCompare(b.kind));
}
