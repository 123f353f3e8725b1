/**
 * Recall at the point of action: after the host's edit, write, patch or shell tool ran (its table: src/host-tools.ts), the few saved entries
 * that name the file or the command, appended to the tool's result, so the gotcha about `src/db/migrate.ts` is in
 * front of the agent while it works on that file. Active entries of this project, its team and global only; each one
 * at most once per session unless it changed since; within a budget of characters per user turn; secrets redacted.
 *
 * A factory over explicit dependencies that takes the call and returns the text to append (or nothing), so that any
 * host hook can carry it.
 */
import type { HostTools } from "../host-tools.js";
import { scopeMark } from "../injection/memory-block.js";
import { oneLine } from "../one-line.js";
import { GLOBAL_SCOPE, teamScope } from "../scope.js";
import { redactSecrets } from "../secret-guard/redact.js";
import type { MentionQuery } from "../store/memory-mentions.js";
import type { EntryView } from "../store/memory-types.js";
import { entryText, lookupSteps, type Strength, strengthOf } from "./subject-match.js";
import { type Subject, subjectLabel, subjectsOf, type ToolCall } from "./tool-subjects.js";

/** Entries shown after one call at most: a few lines, not a listing. */
export const MAX_ENTRIES_PER_CALL = 3;
/**
 * Entries the store is asked for per look-up: room for those already shown this session and for other files of the
 * same name, which are skipped.
 */
const LOOKED_AT = 16;
const TITLE_CHARS = 80;
const BODY_CHARS = 100;
const LABEL_CHARS = 80;
/** Sessions remembered at once, and entries remembered per session; the oldest is forgotten first. */
const MAX_SESSIONS = 500;
const MAX_SHOWN = 2_000;

export const OPEN = '<memory source="opencode-ledger">';
export const CLOSE = "</memory>";

export interface ActionRecallDeps {
  /** Active, live entries of the query's scopes naming any of its mentions, best first (`createMentionLookup`). */
  lookup(query: MentionQuery): Promise<EntryView[]>;
  /** The project scope: its entries, its team's and global ones are shown, no other project's. */
  project: string;
  /** The folder relative paths of a call are resolved against. */
  directory: string;
  /** The host's editing and shell tools and their arguments (default: OpenCode 1.x's). */
  tools?: HostTools;
  /** Characters appended per user turn, over all its tool calls. */
  maxChars: number;
  /** True when the person switched memory off for this session. */
  isOptedOut(sessionID: string): Promise<boolean>;
  /** Entries already in front of the agent this turn (the memory block shows them in full): not repeated. */
  shownThisTurn?(sessionID: string): ReadonlySet<string> | undefined;
}

export interface ActionCall extends ToolCall {
  sessionID: string;
}

export interface ActionRecall {
  /** The text to append to the call's result, or undefined when nothing applies (or the turn's budget is spent). */
  recall(call: ActionCall): Promise<string | undefined>;
  /** A user turn of `sessionID` begins: its budget starts again. */
  startTurn(sessionID: string): void;
}

interface SessionState {
  /** Entry id -> the `updatedAt` it was shown with. */
  shown: Map<string, number>;
  /** Characters appended in the current turn. */
  used: number;
}

interface Found {
  entry: EntryView;
  subject: Subject;
  strength: Strength;
  /** Its place among the store's answers. */
  order: number;
}

const scopeOrder = (entry: EntryView, project: string) =>
  entry.scope === project ? 0 : entry.scope === GLOBAL_SCOPE ? 2 : 1;

function entryLine(entry: EntryView): string {
  const line = `- ${entry.kind}: ${oneLine(entry.title, TITLE_CHARS)}${scopeMark(entry)}: ${oneLine(entry.body, BODY_CHARS)} [${entry.id}]`;
  return redactSecrets(line).text;
}

/** What to search for more: the file's name (a note may name it without its folder) or the command. */
function searchHint(subject: Subject): string {
  const words = subject.kind === "file" ? subject.name : subjectLabel(subject);
  return `More: memory_search "${words.replaceAll('"', "")}"; memory_history <id> reads an entry in full.`;
}

/** The block for `found` (best first) within `room` characters, or undefined when not even one entry fits. */
function layout(found: readonly Found[], room: number): { text: string; shown: Found[] } | undefined {
  const first = found[0];
  if (!first) return undefined;
  const labels = [...new Set(found.map((f) => subjectLabel(f.subject)))].join(", ");
  const heading = redactSecrets(`Saved memory about ${oneLine(labels, LABEL_CHARS)} (shown once per session):`).text;
  const footer = searchHint(first.subject);
  const lines: string[] = [];
  const shown: Found[] = [];
  // The separating blank line, the tags, the heading and the footer, each on its own line.
  let used = 2 + OPEN.length + CLOSE.length + heading.length + footer.length + 4;
  for (const f of found) {
    const line = entryLine(f.entry);
    if (used + line.length + 1 > room) break;
    lines.push(line);
    shown.push(f);
    used += line.length + 1;
  }
  if (shown.length === 0) return undefined;
  return { text: `\n\n${[OPEN, heading, ...lines, footer, CLOSE].join("\n")}`, shown };
}

export function createActionRecall(deps: ActionRecallDeps): ActionRecall {
  const scopes = [deps.project, teamScope(deps.project), GLOBAL_SCOPE];
  const sessions = new Map<string, SessionState>();

  const stateOf = (sessionID: string): SessionState => {
    let state = sessions.get(sessionID);
    if (!state) {
      state = { shown: new Map(), used: 0 };
      sessions.set(sessionID, state);
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    }
    return state;
  };

  /** The entries naming any subject, each once with its strongest subject, strongest first. */
  const find = async (subjects: readonly Subject[], state: SessionState, sessionID: string): Promise<Found[]> => {
    const found: Found[] = [];
    const seen = new Set<string>(deps.shownThisTurn?.(sessionID));
    let returned = 0;
    for (const step of lookupSteps(subjects)) {
      if (step.whenCrowded && returned < LOOKED_AT) continue;
      // What this step finds cannot outrank what is there: it would not be shown.
      if (found.filter((f) => f.strength >= step.best).length >= MAX_ENTRIES_PER_CALL) break;
      const entries = await deps.lookup({ mentions: step.mentions, scopes, limit: LOOKED_AT });
      returned = entries.length;
      for (const entry of entries) {
        if (seen.has(entry.id) || state.shown.get(entry.id) === entry.updatedAt) continue;
        seen.add(entry.id);
        const text = entryText(entry);
        let best: Found | undefined;
        for (const subject of subjects) {
          const strength = strengthOf(text, subject);
          if (strength > (best?.strength ?? 0)) best = { entry, subject, strength, order: found.length };
        }
        if (best) found.push(best);
      }
    }
    found.sort(
      (a, b) =>
        b.strength - a.strength ||
        scopeOrder(a.entry, deps.project) - scopeOrder(b.entry, deps.project) ||
        a.order - b.order,
    );
    return found.slice(0, MAX_ENTRIES_PER_CALL);
  };

  return {
    async recall(call) {
      const subjects = subjectsOf(call, deps.directory, deps.tools);
      if (subjects.length === 0) return undefined;
      const state = stateOf(call.sessionID);
      const room = deps.maxChars - state.used;
      if (room <= 0 || (await deps.isOptedOut(call.sessionID))) return undefined;
      const block = layout(await find(subjects, state, call.sessionID), room);
      if (!block) return undefined;
      for (const { entry } of block.shown) {
        state.shown.set(entry.id, entry.updatedAt);
        if (state.shown.size > MAX_SHOWN) state.shown.delete(state.shown.keys().next().value as string);
      }
      state.used += block.text.length;
      return block.text;
    },
    startTurn(sessionID) {
      const state = sessions.get(sessionID);
      if (state) state.used = 0;
    },
  };
}
