/**
 * From a subject to what the store is asked (phrases of FTS5 tokens), and back from an entry the store found to how
 * surely it names the subject. FTS5 sees `src/db/migrate.ts` and `src/cli/migrate.ts` both as words in a row; the
 * check here reads the entry's own text, so a note about another folder's `migrate.ts` is not shown for this one.
 */
import type { Mention } from "../store/memory-mentions.js";
import type { EntryView } from "../store/memory-types.js";
import type { Subject } from "./tool-subjects.js";

/** How surely an entry names a subject: 0 not at all, up to 4 for the file's own path. */
export type Strength = 0 | 1 | 2 | 3 | 4;

/**
 * The tail of a path that every mention of it holds in a row: its folder's name and its own name without the
 * extension (`db/migrate` for `src/db/migrate.ts`). Rarer than the file's name alone (`migrate.ts` may be in many
 * folders) and cheaper to look up (the extension is a word of every note about such a file).
 */
function pathTail(path: string): string | undefined {
  const parts = path.split("/");
  const name = parts.at(-1) ?? "";
  const folder = parts.at(-2);
  const dot = name.lastIndexOf(".");
  return folder ? `${folder}/${dot > 0 ? name.slice(0, dot) : name}` : undefined;
}

/** One look-up of the store for a call's subjects. */
export interface LookupStep {
  mentions: Mention[];
  /** The strongest an entry it finds can name a subject: once enough entries that strong are found, it is skipped. */
  best: Strength;
  /** Asked only when the step before it came back full (its matches may have crowded out these). */
  whenCrowded?: boolean;
}

/**
 * The look-ups for `subjects`, asked in turn, each with its own limit: the files' names (every mention of a path holds
 * its name) and the commands with their subcommands; the tails of the paths, only when the names came back full (a
 * name may be in many folders); then folders; then module and program names in tags. A folder is named by every note
 * about a file in it, so its matches come after the rarer ones, and only while they can still be shown.
 */
export function lookupSteps(subjects: readonly Subject[]): LookupStep[] {
  const names: Mention[] = [];
  const tails: Mention[] = [];
  const folders: Mention[] = [];
  const tags: Mention[] = [];
  for (const subject of subjects) {
    if (subject.kind === "command") {
      if (subject.subcommand) names.push({ text: `${subject.program} ${subject.subcommand}`, where: "named" });
      tags.push({ text: subject.program, where: "tagged" });
      continue;
    }
    names.push({ text: subject.name, where: "named" });
    const tail = pathTail(subject.path);
    if (tail) tails.push({ text: tail, where: "named" });
    if (subject.folder) folders.push({ text: subject.folder, where: "named" });
    if (subject.module) tags.push({ text: subject.module, where: "tagged" });
  }
  const steps: LookupStep[] = [
    { mentions: names, best: 4 },
    { mentions: tails, best: 4, whenCrowded: true },
    { mentions: folders, best: 2 },
    { mentions: tags, best: 1 },
  ];
  return steps.filter((step) => step.mentions.length > 0);
}

/** A character of a path word: a note's `./src/db/x.ts` or `~/app/x.ts` is one. */
const PATH_CHAR = /[\w./~-]/;
const WORD_CHAR = /[\w-]/;

/** Whether the text ends a name at `at`: not in the middle of a word (`migrate.tsx`), a full stop is fine. */
function endsAt(text: string, at: number): boolean {
  const next = text[at] ?? "";
  if (WORD_CHAR.test(next)) return false;
  return !(next === "." && WORD_CHAR.test(text[at + 1] ?? ""));
}

/** The path word that holds `text[at, at + length)`, without a leading `./`. */
function pathWordBefore(text: string, at: number, length: number): string {
  let start = at;
  while (start > 0 && PATH_CHAR.test(text[start - 1] ?? "")) start--;
  return text.slice(start, at + length).replace(/^\.\//, "");
}

/** 4: the path names this file; 3: its bare name; 0: another file of the same name (`src/cli/migrate.ts`). */
function fileStrength(text: string, path: string, name: string): Strength {
  let best: Strength = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!endsAt(text, at + name.length)) continue;
    const word = pathWordBefore(text, at, name.length);
    if (word === name) best = Math.max(best, 3) as Strength;
    else if (word === path || path.endsWith(`/${word}`) || word.endsWith(`/${path}`)) return 4;
  }
  return best;
}

/** Whether `text` names the folder itself (`src/db`, `src/db/`, `src/db/*`), not a file inside it. */
function namesFolder(text: string, folder: string): boolean {
  for (let at = text.indexOf(folder); at !== -1; at = text.indexOf(folder, at + 1)) {
    const before = text[at - 1] ?? "";
    if (before !== "" && before !== "/" && PATH_CHAR.test(before)) continue;
    const end = at + folder.length;
    if (endsAt(text, end) && (text[end] !== "/" || !WORD_CHAR.test(text[end + 1] ?? ""))) return true;
  }
  return false;
}

/** An entry's text as the checks read it, made once per entry: folded to lower case, tags split into words. */
export interface EntryText {
  all: string;
  tagWords: Set<string>;
}

export function entryText(entry: EntryView): EntryText {
  const tags = entry.tags.join("\n").toLowerCase();
  return {
    all: `${entry.title}\n${tags}\n${entry.body}`.toLowerCase(),
    tagWords: new Set(tags.split(/[^\p{L}\p{N}_]+/u).filter(Boolean)),
  };
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The pattern of each command phrase, made once: a session runs the same few commands again and again. */
const commandPatterns = new Map<string, RegExp>();
const MAX_PATTERNS = 200;

function commandPattern(program: string, subcommand: string): RegExp {
  const key = `${program} ${subcommand}`;
  let pattern = commandPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\w-])${key.split(" ").map(escaped).join("[\\s-]+")}($|[^\\w-])`);
    if (commandPatterns.size >= MAX_PATTERNS) commandPatterns.clear();
    commandPatterns.set(key, pattern);
  }
  return pattern;
}

/** How surely an entry (its `entryText`) names `subject`, read from its title, body and tags. */
export function strengthOf(text: EntryText, subject: Subject): Strength {
  if (subject.kind === "command") {
    if (subject.subcommand && commandPattern(subject.program, subject.subcommand).test(text.all)) return 3;
    return text.tagWords.has(subject.program) ? 1 : 0;
  }
  const file = fileStrength(text.all, subject.path.toLowerCase(), subject.name.toLowerCase());
  if (file > 0) return file;
  if (subject.folder && namesFolder(text.all, subject.folder.toLowerCase())) return 2;
  if (subject.module && text.tagWords.has(subject.module)) return 1;
  return 0;
}
