/**
 * Decides what an export appends, given what the index says was written: new messages and parts are rendered in
 * order, a part that changed after it was written or a message that disappeared becomes a [note], and everything
 * whose fingerprint is unchanged is skipped without being rendered.
 */

import { LINE_REMOVED, type MessageUpsert, type PartUpsert, REMOVED, SESSION_UNITS, type UnitRow } from "../catalog.js";
import { note, renderMessageError, renderMessageHeader, renderSessionHeader, summaryKind } from "../render/message.js";
import { type RenderOptions, renderPart } from "../render/part.js";
import { visibleLine } from "../render/text-lines.js";
import type { SessionInfo, SessionMessage } from "../source/session-source.js";
import { hash53, messageFingerprint, partFingerprint, settledKey } from "./fingerprint.js";

export interface PlanInput {
  info: SessionInfo;
  messages: readonly SessionMessage[];
  scope: string;
  /** Number the first appended line gets. */
  firstLine: number;
  /** Lines to write first (repair notes). */
  preface: readonly string[];
  /** The message whose block the file ends with, when it ends with one: its new parts need no note. */
  tailMessageId: string | undefined;
  known: ReadonlyMap<string, UnitRow>;
  loadParts(messageId: string): ReadonlyMap<string, UnitRow>;
  render: RenderOptions;
}

export interface Plan {
  lines: string[];
  messages: MessageUpsert[];
  parts: PartUpsert[];
  tailMessageId: string | undefined;
}

const TITLE = "session:title";
const REVERT = "session:revert";

interface Unit {
  id: string;
  hash: string;
  label: string;
  render(): string[];
}

export function planExport(input: PlanInput): Plan {
  const lines: string[] = [...input.preface];
  const plan: Plan = { lines, messages: [], parts: [], tailMessageId: input.tailMessageId };
  const at = () => input.firstLine + lines.length;
  const noted = (text: string) => {
    lines.push(note(text));
    plan.tailMessageId = undefined;
  };
  const sessionUnits = input.loadParts(SESSION_UNITS);
  // A session exported while it had no message yet has its header (and title unit) but no message rows.
  const fresh = input.known.size === 0 && !sessionUnits.has(TITLE);
  if (fresh) {
    if (input.firstLine > 1 || lines.length > 0) noted("the session is written from its start below");
    const header = renderSessionHeader(input.info, input.scope);
    plan.parts.push({ partId: TITLE, messageId: SESSION_UNITS, hash: hash53(input.info.title), line: at() + 1 });
    lines.push(...header);
    plan.tailMessageId = undefined;
  } else if (sessionUnits.get(TITLE)?.hash !== hash53(input.info.title)) {
    plan.parts.push({ partId: TITLE, messageId: SESSION_UNITS, hash: hash53(input.info.title), line: at() });
    noted(`the session's title is now: ${visibleLine(input.info.title, 500)}`);
  }
  planRevert(input, sessionUnits, plan, at, noted);

  let present = 0;
  for (const message of input.messages) {
    const id = message.info.id;
    const row = input.known.get(id);
    if (row && row.hash !== REMOVED) present++;
    const settled = settledKey(message);
    // A message written once it was settled is not fingerprinted again while it keeps its number of parts.
    if (settled && row?.hash.startsWith(settled)) continue;
    const hash = settled + messageFingerprint(message);
    if (row?.hash === hash) continue;
    const units = unitsOf(message, input.render);
    if (!row) {
      lines.push("");
      plan.messages.push({ messageId: id, hash, line: at() });
      lines.push(renderMessageHeader(message));
      for (const unit of units) {
        plan.parts.push({ partId: unit.id, messageId: id, hash: unit.hash, line: at() });
        lines.push(...unit.render());
      }
      plan.tailMessageId = id;
      continue;
    }
    if (row.hash === REMOVED) noted(`message ${id} (first ${writtenAt(row.line)}) is back in the session`);
    const written = input.loadParts(id);
    for (const unit of units) {
      const previous = written.get(unit.id);
      if (previous?.hash === unit.hash) continue;
      if (!previous && plan.tailMessageId !== id) {
        noted(`${unit.label} added later to message ${id} (${headerAt(row.line)}):`);
      } else if (previous) {
        const was = previous.hash === REMOVED ? "removed earlier, is back" : "changed";
        noted(`${unit.label} of message ${id} (${writtenAt(previous.line)}) ${was}; it now reads:`);
      }
      plan.parts.push({ partId: unit.id, messageId: id, hash: unit.hash, line: at() });
      lines.push(...unit.render());
    }
    const current = new Set(units.map((u) => u.id));
    for (const [partId, previous] of written) {
      if (current.has(partId) || previous.hash === REMOVED) continue;
      plan.parts.push({ partId, messageId: id, hash: REMOVED, line: at() });
      noted(`part ${partId} of message ${id} (${writtenAt(previous.line)}) was removed from the session`);
    }
    plan.messages.push({ messageId: id, hash, line: row.line });
  }
  let live = 0;
  for (const row of input.known.values()) if (row.hash !== REMOVED) live++;
  // Only when a written message is missing from the session is the list searched for which.
  const seen = present < live ? new Set(input.messages.map((m) => m.info.id)) : undefined;
  for (const [id, row] of seen ? input.known : []) {
    if (seen?.has(id) || row.hash === REMOVED) continue;
    plan.messages.push({ messageId: id, hash: REMOVED, line: row.line });
    noted(`message ${id} (${writtenAt(row.line)}) was removed from the session (deleted, or undone by a revert)`);
  }
  return plan;
}

/** Where a note says a unit was written: its line, unless that line was removed from the file by hand. */
const writtenAt = (line: number) =>
  line === LINE_REMOVED ? "written at a line since removed from the file by hand" : `written at line ${line}`;

const headerAt = (line: number) =>
  line === LINE_REMOVED ? "its header was on a line since removed from the file by hand" : `header at line ${line}`;

function planRevert(
  input: PlanInput,
  units: ReadonlyMap<string, UnitRow>,
  plan: Plan,
  at: () => number,
  noted: (text: string) => void,
): void {
  const revert = input.info.revert;
  const hash = revert ? hash53(`${revert.messageID}|${revert.partID ?? ""}`) : "none";
  const previous = units.get(REVERT)?.hash ?? "none";
  if (hash === previous) return;
  plan.parts.push({ partId: REVERT, messageId: SESSION_UNITS, hash, line: at() });
  if (revert) {
    const part = revert.partID ? ` (from part ${revert.partID})` : "";
    noted(`the session was reverted to message ${revert.messageID}${part}: OpenCode hides what follows it`);
  } else {
    noted("the session's revert was undone or committed");
  }
}

/**
 * What one message is written as: its parts, and the error it ended with. A summary of ours, or one still being
 * written, is only its header.
 */
function unitsOf(message: SessionMessage, render: RenderOptions): Unit[] {
  const units: Unit[] = [];
  const kind = summaryKind(message);
  if (kind === undefined || kind === "host") {
    for (const part of message.parts) {
      units.push({
        id: part.id,
        hash: partFingerprint(part),
        label:
          part.type === "tool" ? `tool call ${String(part.callID)} (part ${part.id})` : `${part.type} part ${part.id}`,
        render: () => renderPart(part, render),
      });
    }
  }
  const error = renderMessageError(message.info);
  if (error) {
    const id = `${message.info.id}:error`;
    units.push({ id, hash: hash53(error.join("\n")), label: "the error", render: () => error });
  }
  return units;
}
