/**
 * What a session map is made of: facts read off the session's messages, each with the transcript line it came from
 * (undefined when the transcript does not have it yet), before any bound is applied.
 */
import type { HostTools } from "../../host-tools.js";
import type { LineIndex } from "../../transcripts/catalog.js";
import type { SessionMessage } from "../../transcripts/source/session-source.js";

export interface Request {
  text: string;
  line: number | undefined;
}

export type TodoStatus = "pending" | "in_progress" | "completed" | "cancelled" | "other";

export interface Todo {
  content: string;
  status: TodoStatus;
}

export interface TodoList {
  todos: Todo[];
  /** The `todowrite` call that set this list. */
  line: number | undefined;
}

export interface FileTouch {
  path: string;
  /** How often it was changed (or read). */
  times: number;
  /** Line of the last change (or read). */
  line: number | undefined;
  /** Order of the last touch in the session, for ties and recency. */
  order: number;
}

export interface Failure {
  /** The tool and what it was asked, e.g. `bash: npm test`. */
  call: string;
  /** What went wrong: the error, or the exit code and the last line of output. */
  error: string;
  line: number | undefined;
}

export interface MemoryChange {
  id: string;
  title: string;
  /** saved, rewrote, reviewed, trashed, restored. */
  action: string;
  line: number | undefined;
}

export interface SessionFacts {
  task: Request | undefined;
  /** User requests after the task, oldest first. */
  requests: Request[];
  todos: TodoList | undefined;
  /** Changed files, most recently changed first. */
  changed: FileTouch[];
  /** Files read, most read first. */
  read: FileTouch[];
  failure: Failure | undefined;
  /** Memory entries saved or changed in the session, most recent last. */
  memory: MemoryChange[];
}

/** What the facts are read from. */
export interface FactsInput {
  messages: readonly SessionMessage[];
  lines: LineIndex;
  /** The session's folder: paths inside it are shown relative to it. */
  directory: string;
  /** The host's tools and their arguments (default: OpenCode 1.x's). */
  tools?: HostTools;
}
