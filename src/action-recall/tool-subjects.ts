/**
 * What a tool call acts on, as memory would name it: the files an `edit`, `write` or `apply_patch` changes (the path
 * inside the project, its file name, its folder, its module name) and the programs a `bash` command runs (the
 * program and its subcommand, and the files it names). Pure: the hook looks these up in the store.
 */
import path from "node:path";

/** OpenCode's tools that change files, and the argument that names the file. */
const FILE_TOOLS: Record<string, string> = { edit: "filePath", write: "filePath", multiedit: "filePath" };
const PATCH_TOOLS = new Set(["apply_patch", "patch"]);
const SHELL_TOOLS = new Set(["bash"]);

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

function shellSubjects(command: string, directory: string): Subject[] {
  const out: Subject[] = [];
  const files: FileSubject[] = [];
  // Quotes are dropped rather than parsed: a quoted argument is then a few words, which the lookup ignores.
  for (const segment of command.replace(/["'`]/g, " ").split(/&&|\|\||[;|\n]/)) {
    const words = commandWords(segment);
    const subject = commandSubject(words);
    if (subject && out.length < MAX_COMMANDS) out.push(subject);
    for (const word of words.slice(1)) {
      if (FILE_WORD.test(word) && files.length < MAX_FILES) files.push(fileSubject(word, directory));
    }
  }
  return [...out, ...files];
}

/** The subjects of a call of one of OpenCode's editing or shell tools; empty for any other tool. */
export function subjectsOf(call: ToolCall, directory: string): Subject[] {
  const key = FILE_TOOLS[call.tool];
  if (key) {
    const file = stringArg(call.args, key);
    return file ? [fileSubject(file, directory)] : [];
  }
  if (PATCH_TOOLS.has(call.tool)) {
    const patch = stringArg(call.args, "patchText") ?? "";
    const files = [...patch.matchAll(PATCH_FILE)].map((m) => (m[1] ?? m[2] ?? "").trim()).filter(Boolean);
    return [...new Set(files)].slice(0, MAX_FILES).map((file) => fileSubject(file, directory));
  }
  if (SHELL_TOOLS.has(call.tool)) {
    const command = stringArg(call.args, "command");
    return command ? shellSubjects(command, directory) : [];
  }
  return [];
}

/** How a subject reads in a hint: `src/db/migrate.ts`, `git push`. */
export function subjectLabel(subject: Subject): string {
  if (subject.kind === "file") return subject.path;
  return subject.subcommand ? `${subject.program} ${subject.subcommand}` : subject.program;
}
