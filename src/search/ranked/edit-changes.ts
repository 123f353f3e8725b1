/**
 * The lines an edit changed, read from a tool call's input as the transcript renders it (render/tool.ts
 * readInputFields: `oldString (2 lines):` and the lines after it, `newString: …`, `edits[0].oldString`; a patch's
 * `patchText` with its `+` and `-` lines): a question about how something was fixed or what replaced what is
 * answered by the line that differs, not by the lines the old and new text share.
 */
import { type InputField, readInputFields } from "../../transcripts/render/tool.js";
import type { NumberedLine } from "./tool-call-lines.js";

const OLD = /(?:^|\.)old_?string$/i;
const NEW = /(?:^|\.)new_?string$/i;
const PATCH = /(?:^|\.)(?:patch|patchText|diff)$/i;
/** A patch's changed line: `+` or `-`, not a file's header (`+++`, `---`). */
const PATCH_CHANGE = /^[+-](?![+-]{2})/;

/** A field's value as numbered lines: its own line's value, or the lines after it. */
const valueLines = (field: InputField<NumberedLine>): NumberedLine[] =>
  field.inline !== undefined ? [{ line: field.line.line, text: field.inline }] : field.lines;

const said = (lines: readonly NumberedLine[]) => lines.filter((l) => l.text.trim() !== "");

/**
 * The line numbers of `lines` (a tool input's, in order) that an edit or a patch changed, each with its counterpart:
 * of each old text and its new one (in order, as `edits[i]` pairs them), the lines one side has and the other lacks,
 * the counterpart of each the first such line of the other side (what an old line became, what a new line replaced);
 * of a patch, its `+` and `-` lines, the counterpart of each the first line of the other sign in its run of changes.
 * Only a replacement tells: a text written where there was none (a new file, an insertion, a patch of `+` lines only)
 * changed every line, and marks none. Empty for any other call.
 */
export function editChanges(lines: readonly NumberedLine[]): Map<number, number | undefined> {
  const fields = readInputFields(lines);
  const olds = fields.filter((f) => OLD.test(f.path)).map((f) => said(valueLines(f)));
  const news = fields.filter((f) => NEW.test(f.path)).map((f) => said(valueLines(f)));
  const changed = new Map<number, number | undefined>();
  const texts = (side: readonly NumberedLine[]) => new Set(side.map((l) => l.text.trim()));
  for (const [k, before] of olds.entries()) {
    const after = news[k] ?? [];
    if (before.length === 0 || after.length === 0) continue;
    const had = texts(before);
    const has = texts(after);
    const added = after.filter((l) => !had.has(l.text.trim()));
    const removed = before.filter((l) => !has.has(l.text.trim()));
    for (const l of added) changed.set(l.line, removed[0]?.line);
    for (const l of removed) changed.set(l.line, added[0]?.line);
  }
  for (const patch of fields.filter((f) => PATCH.test(f.path)).map((f) => said(valueLines(f)))) {
    if (patch.every((l) => PATCH_CHANGE.test(l.text))) continue;
    for (const run of runsOf(patch)) {
      const first = (sign: string) => run.find((l) => l.text.startsWith(sign))?.line;
      for (const l of run) changed.set(l.line, first(l.text.startsWith("+") ? "-" : "+"));
    }
  }
  return changed;
}

/** A patch's runs of changed lines: the `+` and `-` lines that stand together, no kept line between them. */
function runsOf(patch: readonly NumberedLine[]): NumberedLine[][] {
  const runs: NumberedLine[][] = [];
  let run: NumberedLine[] = [];
  for (const l of patch) {
    if (PATCH_CHANGE.test(l.text)) run.push(l);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
