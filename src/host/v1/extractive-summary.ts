/**
 * Last-resort summary when neither a pointer nor a model summary can be had: a bounded extract of the history text
 * OpenCode put in the compaction prompt ("[User]: …" / "[Assistant]: …" blocks). Honest about what it is.
 */
import { oneLine } from "../../one-line.js";
import { redactSecrets } from "../../secret-guard/redact.js";

export const EXTRACT_MAX_CHARS = 4_000;

interface Turn {
  role: "User" | "Assistant";
  text: string;
}

function turnsOf(history: string): Turn[] {
  const turns: Turn[] = [];
  let current: Turn | undefined;
  for (const line of history.split("\n")) {
    const start = /^\[(User|Assistant)\]: (.*)$/.exec(line);
    if (start?.[1] !== undefined && start[2] !== undefined) {
      current = { role: start[1] as Turn["role"], text: start[2] };
      turns.push(current);
    } else if (/^\[(?:Assistant reasoning|Assistant tool call|Tool result|Tool error|Attached [^\]]*)\]/.test(line)) {
      current = undefined; // tool traffic and reasoning are left out of the extract
    } else if (current) {
      current.text += `\n${line}`;
    }
  }
  return turns;
}

/** The history inside OpenCode's `<conversation>` block when the prompt has one, else the whole prompt. */
function historyOf(prompt: string): string {
  const start = prompt.indexOf("<conversation>");
  const end = prompt.lastIndexOf("</conversation>");
  return start >= 0 && end > start ? prompt.slice(start + "<conversation>".length, end) : prompt;
}

export function extractiveSummary(prompt: string, reason: string): string {
  // The extract becomes the summary the model reads from now on: recognised secrets are redacted before any cut.
  const turns = turnsOf(historyOf(prompt)).map((t) => ({ ...t, text: redactSecrets(t.text).text }));
  const users = turns.filter((t) => t.role === "User").slice(-6);
  const lastAssistant = turns.filter((t) => t.role === "Assistant").at(-1);
  const lines = [
    `[opencode-ledger] No transcript could be written (${oneLine(reason, 200)}) and no model summary was available;`,
    `this is an extract of the conversation so far (${turns.length} turns), not a summary.`,
    "Latest user requests:",
    ...users.map((t) => `- ${oneLine(t.text, 400)}`),
    lastAssistant ? `Last assistant reply: ${oneLine(lastAssistant.text, 1_200)}` : "",
  ].filter(Boolean);
  const text = lines.join("\n");
  return text.length <= EXTRACT_MAX_CHARS ? text : `${text.slice(0, EXTRACT_MAX_CHARS - 1)}…`;
}
