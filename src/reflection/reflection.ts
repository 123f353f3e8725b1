/**
 * Optional reflection (off by default): when a session goes idle, one bounded model call distils at most
 * `maxLessons` lessons from the end of its transcript. They are saved as candidate lessons (a person reviews them),
 * through the secret guard like every save. At most once per session; subagent sessions and our own temporary
 * sessions are skipped.
 */
import fs from "node:fs";
import { describeError, LedgerError } from "../errors.js";
import type { Logger } from "../log.js";
import type { ModelRef, promptOnce } from "../one-shot-prompt.js";
import type { Options } from "../options.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { Transcripts } from "../transcripts/transcripts.js";
import { parseLessons, reflectionPrompt, transcriptTail } from "./lessons.js";

export const REFLECTION_SESSION_TITLE = "opencode-ledger: reflection";
/** A session shorter than this has too little to learn from yet; a later idle may reflect on it. */
const MIN_MESSAGES = 4;

export interface ReflectionDeps {
  memory: MemoryStore;
  transcripts: Transcripts;
  /** Claims a session's one reflection (true for the first caller, across processes). */
  claim: (sessionID: string) => Promise<boolean>;
  /** One model call; the plugin passes `promptOnce` over its client. */
  ask: (request: Parameters<typeof promptOnce>[1]) => Promise<string>;
  project: string;
  options: Options["reflection"];
  log: Logger;
}

export type ReflectionOutcome =
  | { status: "skipped"; reason: string }
  | { status: "done"; saved: string[]; refused: number; proposed: number };

const skipped = (reason: string): ReflectionOutcome => ({ status: "skipped", reason });

function parseModel(spec: string | undefined): ModelRef | undefined {
  if (!spec) return undefined;
  const slash = spec.indexOf("/");
  return { providerID: spec.slice(0, slash), modelID: spec.slice(slash + 1) };
}

/** The last `maxChars` characters of a file, read from its end (the transcript may be large). */
function readTail(file: string, maxChars: number): string {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    // Up to four bytes a character, plus room to start at a whole line.
    const length = Math.min(size, maxChars * 4 + 4096);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    return transcriptTail(buffer.toString("utf8"), maxChars);
  } finally {
    fs.closeSync(fd);
  }
}

export function createReflection(deps: ReflectionDeps) {
  const own = new Set<string>();
  const running = new Set<string>();

  const reflect = async (sessionID: string): Promise<ReflectionOutcome> => {
    const info = await deps.transcripts.source.session(sessionID);
    if (!info) return skipped("the session is not known to OpenCode");
    if (info.parentID) return skipped("a subagent session");
    if (info.title.startsWith("opencode-ledger:")) return skipped("a temporary session of opencode-ledger");
    const messages = await deps.transcripts.source.messages(sessionID);
    if (messages.length < MIN_MESSAGES) return skipped(`only ${messages.length} messages so far`);
    const lastUser = messages.findLast((m) => m.info.role === "user")?.info;
    const model = parseModel(deps.options.model) ?? (lastUser?.role === "user" ? lastUser.model : undefined);
    if (!model) return skipped("no model to ask");

    // Claimed before the call: a failure does not make it run again on every idle, nor in a second process.
    if (!(await deps.claim(sessionID))) return skipped("already reflected on");
    const exported = await deps.transcripts.export(sessionID);
    // The tail goes to the model: recognised secrets are redacted (the transcript file keeps them).
    // The guard loads with the first reflection, not with the plugin.
    const { redactSecrets } = await import("../secret-guard/redact.js");
    const tail = redactSecrets(readTail(exported.path, deps.options.transcriptChars)).text;
    const answer = await deps.ask({
      title: REFLECTION_SESSION_TITLE,
      agent: "compaction",
      model,
      text: reflectionPrompt(sessionID, tail, deps.options.maxLessons),
      onSession: (id) => own.add(id),
    });
    const lessons = parseLessons(answer, deps.options.maxLessons);
    const saved: string[] = [];
    let refused = 0;
    for (const lesson of lessons) {
      try {
        const result = await deps.memory.save(
          { kind: "lesson", scope: deps.project, status: "candidate", ...lesson },
          { kind: "agent", agent: "reflection", session: sessionID },
          { changesAwaitReview: true },
        );
        saved.push(result.entry.id);
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        refused++;
        deps.log.log("warn", `reflection on ${sessionID}: a lesson was not saved: ${error.message}`);
      }
    }
    deps.log.log(
      "info",
      `reflection on ${sessionID}: ${saved.length} candidate lesson(s) saved for review, ${refused} refused`,
    );
    return { status: "done", saved, refused, proposed: lessons.length };
  };

  return {
    /** Called on `session.idle`; never throws. */
    async onIdle(sessionID: string): Promise<ReflectionOutcome> {
      if (!deps.options.enabled) return skipped("reflection is off");
      if (own.has(sessionID)) return skipped("a temporary session of opencode-ledger");
      if (running.has(sessionID)) return skipped("already running");
      running.add(sessionID);
      try {
        return await reflect(sessionID);
      } catch (error) {
        deps.log.log("error", `reflection on ${sessionID} failed: ${describeError(error)}`);
        return skipped(`failed: ${describeError(error)}`);
      } finally {
        running.delete(sessionID);
      }
    },
  };
}
