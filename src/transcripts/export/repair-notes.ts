/**
 * The notes an export writes first when the file was not what the index said: missing, torn, longer than recorded
 * (an interrupted export) or changed by hand. Each says what was found and what was done, and only that.
 */
import { describeHandEdit } from "../hand-edit.js";
import { note } from "../render/message.js";
import type { TailCheck } from "../transcript-file.js";

/** The notes that record a repair, first in what this export appends. */
export function repairNotes(tail: TailCheck): string[] {
  const notes: string[] = [];
  if (tail.missing) {
    notes.push(note(`repair: the transcript file was missing (the index knew ${tail.lostLines} lines); written again`));
    return notes;
  }
  if (tail.tornBytes > 0) {
    notes.push(note(`repair: cut a torn last line of ${tail.tornBytes} bytes left by an interrupted export`));
  }
  if (tail.unrecordedLines > 0) {
    notes.push(
      note(
        `repair: lines ${tail.lines - tail.unrecordedLines + 1}-${tail.lines} were written by an export that was interrupted before it was recorded; they are kept, and what they hold is written again below`,
      ),
    );
  }
  if (tail.handEdit) {
    notes.push(
      note(
        `the file was changed outside opencode-ledger (${describeHandEdit(tail.handEdit)}); it is kept as it is, nothing in it is written again, and numbering continues from ${tail.lines + 1}`,
      ),
    );
  }
  return notes;
}
