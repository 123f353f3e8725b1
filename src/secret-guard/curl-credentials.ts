/**
 * `curl -u user:password`: HTTP credentials given on curl's command line (`-u`, `--user`, glued as `-uadmin:…`, after
 * `=`, quoted), in the command's line and the lines it continues with a `\` at their end. The secret is the password,
 * or the user when the password is empty (`-u <key>:`, as APIs that take a key as Basic credentials document it).
 */
import { looksSecretValue } from "./randomness.js";

// How far a command may run: its line and up to this many continued ones, and at most this many characters.
const MAX_CONTINUED = 8;
const MAX_COMMAND = 4096;
// The flag as a word of its own, then `=`, blanks or nothing, then `user:password`, maybe quoted (group 1).
const USER_FLAG = /(?<=[ \t\n])(?:-u|--user)(?:=|[ \t]*)(["']?)([^\s"':]*):([^\s"']*)\1(?=[\s;|&)]|$)/dg;

/** Where the curl command that starts at `at` ends. */
function commandEnd(text: string, at: number): number {
  const limit = Math.min(text.length, at + MAX_COMMAND);
  let end = at;
  for (let line = 0; line <= MAX_CONTINUED; line++) {
    const newline = text.indexOf("\n", end);
    end = newline < 0 || newline > limit ? limit : newline;
    const last = text[end - 1] === "\r" ? end - 2 : end - 1;
    if (end >= limit || text[last] !== "\\") break;
    end++;
  }
  return end;
}

// `curl` as a command, not the end of a longer name or path (`recurl`, `/usr/bin/curl` is fine: `/` ends a path).
const startsWord = (text: string, at: number) => at === 0 || !/[\w.-]/.test(text[at - 1] as string);

/** The secret of each `-u user:password` of a curl command in `text`, in order (an array: most texts have none). */
export function curlCredentials(text: string): { value: string; start: number }[] {
  const found: { value: string; start: number }[] = [];
  let next = 0;
  for (let at = text.indexOf("curl "); at >= 0; at = text.indexOf("curl ", next)) {
    next = at + 5;
    if (!startsWord(text, at)) continue;
    // A command is read once: a `curl` inside it (after `&&`, say) is part of what was read.
    next = commandEnd(text, at);
    const command = text.slice(at, next);
    for (const m of command.matchAll(USER_FLAG)) {
      const [user, password] = [m[2] ?? "", m[3] ?? ""];
      const group = password === "" ? 2 : 3;
      const value = password === "" ? user : password;
      const span = m.indices?.[group];
      if (span && looksSecretValue(value)) found.push({ value, start: at + span[0] });
    }
  }
  return found;
}
