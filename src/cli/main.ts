#!/usr/bin/env node
/**
 * opencode-ledger: the command-line tool over the plugin's store. Resolves the command, answers --help and --version
 * without loading anything heavy, validates flags (exit 2 on a usage error), runs the command and turns any error into
 * one short message (exit 1).
 */
import { EXIT } from "./command.js";
import { COMMANDS, findCommand, GROUPS } from "./command-list.js";
import { BIN, commandHelp, groupHelp, mainHelp } from "./help.js";
import { nearestName } from "./nearest-name.js";
import { ownVersion } from "./own-package.js";

const GLOBAL_VALUE_FLAGS = new Set(["--data-dir"]);
const GLOBAL_SWITCHES = new Set(["--json", "--progress"]);

/** Global flags given before the command move after it, so `--json list` and `list --json` mean the same. */
function hoistGlobals(argv: string[]): string[] {
  const moved: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i] ?? "";
    const name = arg.split("=")[0] ?? arg;
    if (GLOBAL_SWITCHES.has(arg) || (GLOBAL_VALUE_FLAGS.has(name) && arg.includes("="))) {
      moved.push(arg);
      i += 1;
    } else if (GLOBAL_VALUE_FLAGS.has(arg) && i + 1 < argv.length) {
      moved.push(arg, argv[i + 1] ?? "");
      i += 2;
    } else break;
  }
  return [...argv.slice(i), ...moved];
}

function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

function fail(message: string, json: boolean, code: number, errorCode = "INVALID_INPUT", hint = ""): number {
  process.stderr.write(`${message}\n${hint ? `${hint}\n` : ""}`);
  if (json)
    process.stdout.write(`${JSON.stringify({ error: { code: errorCode, message, exitCode: code } }, null, 2)}\n`);
  return code;
}

/** The known command closest to a mistyped one, to suggest it. */
/** The command nearest a mistyped one; in a group (`transcripts serch`), the group's nearest subcommand. */
function nearest(name: string): string | undefined {
  const [group = name, sub] = name.split(" ");
  if (sub !== undefined && group in GROUPS) {
    const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1));
    const guess = nearestName(sub, subs);
    return guess === undefined ? undefined : `${group} ${guess}`;
  }
  return nearestName(name, new Set([...COMMANDS.map((c) => c.name.split(" ")[0] ?? c.name), ...Object.keys(GROUPS)]));
}

async function main(raw: string[]): Promise<number> {
  const argv = hoistGlobals(raw);
  const json = argv.includes("--json");
  const first = argv[0];
  if (first === undefined) {
    process.stderr.write(`${mainHelp()}\n`);
    return EXIT.usage;
  }
  if (first === "--version" || first === "-V") {
    process.stdout.write(json ? `${JSON.stringify({ version: ownVersion() })}\n` : `${ownVersion()}\n`);
    return EXIT.ok;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? argv.slice(1).filter((a) => !a.startsWith("-")) : [];
    if (topic.length === 0) {
      process.stdout.write(`${mainHelp()}\n`);
      return EXIT.ok;
    }
    return main([...topic, "--help"]);
  }
  if (first.startsWith("-")) {
    return fail(`[${BIN}] ${first}: a command comes first; run "${BIN} --help" for the list`, json, EXIT.usage);
  }
  let name = first;
  let rest = argv.slice(1);
  if (first in GROUPS) {
    const sub = rest[0];
    if (sub === undefined || sub.startsWith("-")) {
      const help = groupHelp(first);
      if (wantsHelp(rest)) {
        process.stdout.write(`${help}\n`);
        return EXIT.ok;
      }
      process.stderr.write(`${help}\n`);
      return EXIT.usage;
    }
    name = `${first} ${sub}`;
    rest = rest.slice(1);
  }
  const entry = findCommand(name);
  if (!entry) {
    const guess = nearest(name);
    const hint = guess ? ` Did you mean "${guess}"?` : "";
    return fail(`[${BIN}] unknown command "${name}".${hint} Run "${BIN} --help" for the list.`, json, EXIT.usage);
  }
  const spec = await entry.load();
  if (wantsHelp(rest)) {
    process.stdout.write(`${commandHelp(spec, entry)}\n`);
    return EXIT.ok;
  }
  const { readArgv, validate } = await import("./args.js");
  const { z } = await import("zod");
  const { describeError, LedgerError } = await import("../errors.js");
  let input: unknown;
  try {
    input = validate(spec, z, readArgv(spec, rest));
  } catch (error) {
    const code = error instanceof LedgerError ? error.code : "INVALID_INPUT";
    return fail(describeError(error), json, EXIT.usage, code, `Run "${BIN} ${name} --help" for usage.`);
  }
  // Before anything is read or written: the second run does it all itself (a usage error never gets this far).
  const relaunched = await (await import("./relaunch.js")).relaunchWithoutDriver(raw);
  if (relaunched !== undefined) return relaunched;
  const { createContext } = await import("./context.js");
  const flags = input as { "data-dir"?: string; json?: boolean; progress?: boolean };
  let ctx: ReturnType<typeof createContext>;
  try {
    ctx = createContext({ dataDir: flags["data-dir"], json: flags.json, progress: flags.progress });
  } catch (error) {
    const code = error instanceof LedgerError ? error.code : "UNEXPECTED";
    return fail(describeError(error), json, EXIT.usage, code);
  }
  try {
    return await spec.run(input, ctx);
  } catch (error) {
    const code = error instanceof LedgerError ? error.code : "UNEXPECTED";
    return fail(describeError(error), ctx.json, EXIT.failure, code);
  }
}

// A reader that closes the pipe early (`| head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
