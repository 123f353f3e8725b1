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
 * The line numbers of `lines` (a tool input's, in order) that an edit or a patch changed: of each old text and its new
 * one (in order, as `edits[i]` pairs them), the lines one side has and the other lacks; of a patch, its `+` and `-`
 * lines. Only a replacement tells: a text written where there was none (a new file, an insertion, a patch of `+`
 * lines only) changed every line, and marks none. Empty for any other call.
 */
export function editChanges(lines: readonly NumberedLine[]): Set<number> {
  const fields = readInputFields(lines);
  const olds = fields.filter((f) => OLD.test(f.path)).map((f) => said(valueLines(f)));
  const news = fields.filter((f) => NEW.test(f.path)).map((f) => said(valueLines(f)));
  const changed = new Set<number>();
  for (const [k, before] of olds.entries()) {
    const after = news[k] ?? [];
    if (before.length === 0 || after.length === 0) continue;
    const texts = (side: readonly NumberedLine[]) => new Set(side.map((l) => l.text.trim()));
    const had = texts(before);
    const has = texts(after);
    for (const l of after) if (!had.has(l.text.trim())) changed.add(l.line);
    for (const l of before) if (!has.has(l.text.trim())) changed.add(l.line);
  }
  for (const patch of fields.filter((f) => PATCH.test(f.path)).map((f) => said(valueLines(f)))) {
    const changes = patch.filter((l) => PATCH_CHANGE.test(l.text));
    if (changes.length < patch.length) for (const l of changes) changed.add(l.line);
  }
  return changed;
}
