import fs from "node:fs";
import path from "node:path";
import { scopeDir } from "../../src/transcripts/paths.js";

/** Lines in the transcript format: the number right-aligned to 6, a tab, the text, a newline after each. */
export function numbered(lines: readonly string[]): string {
  return lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}\n`).join("");
}

/** Writes `<transcriptsDir>/<scope dir>/<sessionID>.md` with numbered `lines`; returns its path. */
export function writeTranscript(
  transcriptsDir: string,
  scope: string,
  sessionID: string,
  lines: readonly string[],
): string {
  const dir = scopeDir(transcriptsDir, scope);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${sessionID}.md`);
  fs.writeFileSync(file, numbered(lines), { mode: 0o600 });
  return file;
}
