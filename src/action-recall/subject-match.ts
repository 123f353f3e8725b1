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

/** The phrases that find entries naming `subject`. */
export function mentionsOf(subject: Subject): Mention[] {
  if (subject.kind === "command") {
    if (subject.subcommand) return [{ text: `${subject.program} ${subject.subcommand}`, where: "named" }];
    return [{ text: subject.program, where: "tagged" }];
  }
  const out: Mention[] = [{ text: subject.path, where: "named" }];
  if (subject.name !== subject.path) out.push({ text: subject.name, where: "named" });
  if (subject.folder) out.push({ text: subject.folder, where: "named" });
  if (subject.module) out.push({ text: subject.module, where: "tagged" });
  return out;
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

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function holdsWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\w])${escaped(word)}($|[^\\w])`, "i").test(text);
}

/** How surely `entry` names `subject`, read from its title, body and tags. */
export function strengthOf(entry: EntryView, subject: Subject): Strength {
  const tagged = `${entry.title}\n${entry.tags.join("\n")}`;
  if (subject.kind === "command") {
    if (subject.subcommand) {
      const phrase = `${subject.program} ${subject.subcommand}`.split(" ").map(escaped).join("[\\s-]+");
      return new RegExp(`(^|[^\\w-])${phrase}($|[^\\w-])`, "i").test(`${tagged}\n${entry.body}`) ? 3 : 0;
    }
    return holdsWord(tagged, subject.program) ? 1 : 0;
  }
  const text = `${tagged}\n${entry.body}`.toLowerCase();
  const file = fileStrength(text, subject.path.toLowerCase(), subject.name.toLowerCase());
  if (file > 0) return file;
  if (subject.folder && namesFolder(text, subject.folder.toLowerCase())) return 2;
  if (subject.module && holdsWord(tagged, subject.module)) return 1;
  return 0;
}
