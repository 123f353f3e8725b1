/**
 * What a tool call acts on, as memory would name it: the files an edit, a write or a patch changes (the path inside
 * the project, its file name, its folder, its module name) and the programs a shell command runs (the program and its
 * subcommand, and the files it names). The host's tool names and arguments come from its table (src/host-tools.ts).
 * Pure: the hook looks these up in the store.
 */
import path from "node:path";
import { type HostTools, V1_TOOLS } from "../host-tools.js";

/** Most files and commands looked up for one call: a patch of fifty files is not fifty look-ups. */
const MAX_FILES = 4;
const MAX_COMMANDS = 3;

/**
 * Module names too common to say which file is meant: a tag `index` or `types` is about no file in particular.
 */
const GENERIC_MODULES = new Set(
  "index main mod lib utils util types type helpers helper common test tests spec config constants readme".split(" "),
);
/** Programs that say nothing about what a command does (the next word is the program when one is a wrapper). */
const TRIVIAL_PROGRAMS = new Set(
  "cd ls echo pwd cat head tail wc true false printf export set unset sleep which type clear exit test [".split(" "),
);
const WRAPPERS = new Set("sudo env time nohup nice exec command npx bunx pnpx timeout".split(" "));
/** Package managers whose `run <script>` names the script: `npm run build` is what a note would say. */
const SCRIPT_RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm;
const WORD = /^[A-Za-z][\w.:-]*$/;
/** A subcommand is a word, not a file name (`tee out.log`). */
const SUBCOMMAND = /^[A-Za-z][\w:-]*$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export interface FileSubject {
  kind: "file";
  /** The path inside the project with `/` between folders, or the path as given when it lies outside. */
  path: string;
  /** The file's name with its extension (`migrate.ts`). */
  name: string;
  /** The folder inside the project (`src/db`); absent at the project's root or for one folder deep (too broad). */
  folder?: string;
  /** The name before its first dot (`migrate`), unless too generic to mean this file. */
  module?: string;
}

export interface CommandSubject {
  kind: "command";
  program: string;
  /** `push` in `git push`, `run build` in `npm run build`. */
  subcommand?: string;
}

export type Subject = FileSubject | CommandSubject;

export interface ToolCall {
  tool: string;
  args: unknown;
}

function stringArg(args: unknown, key: string): string | undefined {
  if (typeof args !== "object" || args === null) return undefined;
  const value = (args as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The subject of one file path, relative to `directory` when it is inside it. */
export function fileSubject(file: string, directory: string): FileSubject {
  const full = path.resolve(directory, file);
  const inside = path.relative(directory, full);
  const within = inside !== "" && !inside.startsWith("..") && !path.isAbsolute(inside);
  const shown = (within ? inside : full).split(path.sep).join("/");
  const name = path.posix.basename(shown);
  const dir = path.posix.dirname(shown);
  const module = name.split(".")[0]?.toLowerCase() ?? "";
  return {
    kind: "file",
    path: shown,
    name,
    folder: within && dir.includes("/") ? dir : undefined,
    module: module.length >= 3 && !GENERIC_MODULES.has(module) ? module : undefined,
  };
}

/** The words of one simple command, without the assignments and wrappers before its program. */
function commandWords(segment: string): string[] {
  const words = segment.trim().split(/\s+/).filter(Boolean);
  let at = 0;
  while (at < words.length && (ASSIGNMENT.test(words[at] as string) || WRAPPERS.has(words[at] as string))) at++;
  return words.slice(at);
}

function commandSubject(words: readonly string[]): CommandSubject | undefined {
  const first = words[0];
  if (!first) return undefined;
  const program = path.posix.basename(first).toLowerCase();
  if (!WORD.test(program) || TRIVIAL_PROGRAMS.has(program)) return undefined;
  const next = words[1];
  if (!next || !SUBCOMMAND.test(next)) return { kind: "command", program };
  const script = words[2];
  if (SCRIPT_RUNNERS.has(program) && next === "run" && script && SUBCOMMAND.test(script)) {
    return { kind: "command", program, subcommand: `run ${script}` };
  }
  return { kind: "command", program, subcommand: next.toLowerCase() };
}

/** A word of a command that names a file: a path with a folder and an extension (`test/store/x.test.ts`). */
const FILE_WORD = /^[\w./-]*\/[\w.-]+\.[A-Za-z]\w*$/;

/** `workdir`: the folder the command runs in, which its relative file names are read against. */
function shellSubjects(command: string, directory: string, workdir = directory): Subject[] {
  const out: Subject[] = [];
  const files: FileSubject[] = [];
  // Quotes are dropped rather than parsed: a quoted argument is then a few words, which the lookup ignores.
  for (const segment of command.replace(/["'`]/g, " ").split(/&&|\|\||[;|\n]/)) {
    const words = commandWords(segment);
    const subject = commandSubject(words);
    if (subject && out.length < MAX_COMMANDS) out.push(subject);
    for (const word of words.slice(1)) {
      if (FILE_WORD.test(word) && files.length < MAX_FILES) {
        files.push(fileSubject(path.resolve(workdir, word), directory));
      }
    }
  }
  return [...out, ...files];
}

/** The subjects of a call of one of the host's editing or shell tools (`tools`); empty for any other tool. */
export function subjectsOf(call: ToolCall, directory: string, tools: HostTools = V1_TOOLS): Subject[] {
  const key = Object.hasOwn(tools.writers, call.tool) ? tools.writers[call.tool] : undefined;
  if (key) {
    const file = stringArg(call.args, key);
    return file ? [fileSubject(file, directory)] : [];
  }
  const patcher = Object.hasOwn(tools.patchers, call.tool) ? tools.patchers[call.tool] : undefined;
  if (patcher) {
    const patch = stringArg(call.args, patcher.text) ?? "";
    const files = [...patch.matchAll(PATCH_FILE)].map((m) => (m[1] ?? m[2] ?? "").trim()).filter(Boolean);
    return [...new Set(files)].slice(0, MAX_FILES).map((file) => fileSubject(file, directory));
  }
  const shell = Object.hasOwn(tools.shells, call.tool) ? tools.shells[call.tool] : undefined;
  if (shell) {
    const command = stringArg(call.args, shell.command);
    // A command run in another folder names its files relative to that folder.
    const workdir = shell.workdir ? stringArg(call.args, shell.workdir) : undefined;
    return command ? shellSubjects(command, directory, workdir ? path.resolve(directory, workdir) : directory) : [];
  }
  return [];
}

/** How a subject reads in a hint: `src/db/migrate.ts`, `git push`. */
export function subjectLabel(subject: Subject): string {
  if (subject.kind === "file") return subject.path;
  return subject.subcommand ? `${subject.program} ${subject.subcommand}` : subject.program;
}
