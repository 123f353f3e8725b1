/**
 * The questions of the coding-session recall evaluation (`bench/coding-recall/questions-*.json`, written by people
 * reading the transcripts without seeing what the search shows: a-c before any tuning, d after it) and opencode-lore's
 * 20 published ones, with the checks that make a question scorable at line level: its session is exported, and each
 * needle stands within one line of its transcript.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const KINDS = ["error", "number", "version", "path", "command", "decision", "why", "fact"] as const;
export const PLACES = ["text", "tool-input", "tool-output", "document"] as const;
export const NEEDLE_CHARS = { min: 6, max: 40 } as const;

const needle = z
  .string()
  .min(NEEDLE_CHARS.min)
  .max(NEEDLE_CHARS.max)
  .refine((s) => !s.includes("\n"), "a needle is text within one line");

const questionSchema = z.strictObject({
  id: z.string().min(1),
  session: z.string().regex(/^ses_[A-Za-z0-9]+$/),
  question: z.string().min(1),
  kind: z.enum(KINDS),
  place: z.enum(PLACES),
  needles: z.array(needle).min(1).max(3),
  /** The transcript line that answers (the first needle's). */
  line: z.number().int().min(1),
  /** Set aside: never tuned on, reported only in aggregate. */
  heldOut: z.boolean(),
});

export type CodingQuestion = z.infer<typeof questionSchema> & {
  /** The question file it was read from (its base name), for the report's figures per file. */
  file?: string;
};

/** A question to ask and score: the evaluation's own, or one of opencode-lore's. */
export interface Asking {
  id: string;
  session: string;
  question: string;
  needles: readonly string[];
  /** The line the first needle stands on, when the question names it. */
  line?: number;
}

export const QUESTIONS_DIR = fileURLToPath(new URL("./coding-recall", import.meta.url));

/** The question files, in name order (`questions-a.json`, `questions-b.json`, …). */
export function questionFiles(dir = QUESTIONS_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^questions-.*\.json$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Parses the question files; every problem found (schema, duplicate id) is listed with its file and id. */
export function readQuestions(files = questionFiles()): { questions: CodingQuestion[]; problems: string[] } {
  const questions: CodingQuestion[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const name = path.basename(file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${name}: not JSON: ${(error as Error).message}`);
      continue;
    }
    if (!Array.isArray(parsed)) {
      problems.push(`${name}: expected a JSON array of questions`);
      continue;
    }
    for (const [i, item] of parsed.entries()) {
      const result = questionSchema.safeParse(item);
      const id = (item as { id?: unknown })?.id;
      const where = `${name} ${typeof id === "string" ? id : `#${i}`}`;
      if (!result.success) {
        for (const issue of result.error.issues) problems.push(`${where}: ${issue.path.join(".")}: ${issue.message}`);
        continue;
      }
      if (seen.has(result.data.id)) problems.push(`${where}: the id is used twice`);
      seen.add(result.data.id);
      questions.push({ ...result.data, file: name });
    }
  }
  return { questions, problems };
}

/** The lines of a transcript holding `needle` (1-based). */
export function linesHolding(lines: readonly string[], needle: string): number[] {
  const found: number[] = [];
  for (const [i, line] of lines.entries()) if (line.includes(needle)) found.push(i + 1);
  return found;
}

/**
 * What makes a question unscorable against the exported transcripts (`transcripts`: session id -> its text lines):
 * an unknown session, a needle that no single line holds, or a `line` that does not hold the first needle.
 */
export function checkAgainstTranscripts(
  questions: readonly Asking[],
  transcripts: ReadonlyMap<string, readonly string[]>,
): string[] {
  const problems: string[] = [];
  for (const q of questions) {
    const lines = transcripts.get(q.session);
    if (!lines) {
      problems.push(`${q.id}: session ${q.session} is not among the evaluation's sessions`);
      continue;
    }
    for (const n of q.needles) {
      if (linesHolding(lines, n).length === 0) {
        problems.push(`${q.id}: needle ${JSON.stringify(n)} stands within no line of ${q.session}'s transcript`);
      }
    }
    const first = q.needles[0] ?? "";
    if (q.line !== undefined && !lines[q.line - 1]?.includes(first)) {
      const at = linesHolding(lines, first).slice(0, 5).join(", ");
      problems.push(`${q.id}: line ${q.line} does not hold the first needle${at ? ` (lines ${at} do)` : ""}`);
    }
  }
  return problems;
}

/** What the set as a whole must be: enough questions over enough sessions, a third of them set aside. */
export const SET_RULES = { minQuestions: 150, minSessions: 20, heldOut: { min: 0.3, max: 0.37 } } as const;

export function checkSet(questions: readonly CodingQuestion[]): string[] {
  const problems: string[] = [];
  const sessions = new Set(questions.map((q) => q.session)).size;
  const held = questions.filter((q) => q.heldOut).length;
  if (questions.length < SET_RULES.minQuestions) {
    problems.push(`${questions.length} questions, fewer than ${SET_RULES.minQuestions}`);
  }
  if (sessions < SET_RULES.minSessions)
    problems.push(`${sessions} sessions asked about, fewer than ${SET_RULES.minSessions}`);
  const share = questions.length ? held / questions.length : 0;
  if (share < SET_RULES.heldOut.min || share > SET_RULES.heldOut.max) {
    problems.push(`${held} of ${questions.length} held out (${(share * 100).toFixed(1)} %), not a third`);
  }
  return problems;
}

/** opencode-lore's session labels and the sessions they were converted to. */
const LORE_SESSIONS: Record<string, string> = {
  "cli-sentry-issue": "ses_loreCliSentryIssue0001",
  "cli-nightly": "ses_loreCliNightly0001",
};

/**
 * opencode-lore's 20 published questions about its two sessions (`recall-eval/lore/questions.json`), verbatim, with
 * their needles (`needles.json`: per session label, in the order of that label's questions).
 */
export function loreQuestions(loreDir: string): Asking[] {
  const questions = JSON.parse(fs.readFileSync(path.join(loreDir, "questions.json"), "utf8")) as {
    session_label: string;
    question: string;
  }[];
  const needles = JSON.parse(fs.readFileSync(path.join(loreDir, "needles.json"), "utf8")) as Record<string, string[][]>;
  const taken = new Map<string, number>();
  return questions.map((q) => {
    const session = LORE_SESSIONS[q.session_label];
    const i = taken.get(q.session_label) ?? 0;
    taken.set(q.session_label, i + 1);
    const these = needles[q.session_label]?.[i];
    if (!session || !these) throw new Error(`[coding-recall] lore question without session or needles: ${q.question}`);
    return { id: `lore-${q.session_label}-${i + 1}`, session, question: q.question, needles: these };
  });
}
