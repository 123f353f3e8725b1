/**
 * The reflection prompt and the reading of its answer. The model is asked for a JSON array; anything else in its
 * answer is ignored, malformed items are dropped, and the rest is cut to the store's limits.
 */

export interface Lesson {
  title: string;
  body: string;
  tags: string[];
}

const TITLE_MAX = 120;
const BODY_MAX = 1_200;
const TAGS_MAX = 6;
const TAG_MAX = 40;

export function reflectionPrompt(sessionID: string, tail: string, maxLessons: number): string {
  return [
    "Review the end of a coding session below and distil the lessons worth remembering in later sessions of this project.",
    "A lesson is a non-obvious approach that clearly failed or clearly worked, and why. Not a summary of the work, not a fact anyone can look up, not a plan.",
    `Answer with a JSON array only, at most ${maxLessons} items, each {"title": "<= 100 characters", "body": "<= 600 characters: what to do or avoid, and why", "tags": ["a few words"]}.`,
    "Answer [] when there is no clear lesson. Never copy credentials, tokens or passwords.",
    "",
    `End of the transcript of session ${sessionID}:`,
    "<<<",
    tail,
    ">>>",
  ].join("\n");
}

const text = (value: unknown, max: number): string =>
  typeof value === "string" ? value.replace(/\s+/g, " ").trim().slice(0, max) : "";

/** The lessons in a model's answer, at most `maxLessons`; [] when the answer holds none. */
export function parseLessons(answer: string, maxLessons: number): Lesson[] {
  const start = answer.indexOf("[");
  const end = answer.lastIndexOf("]");
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lessons: Lesson[] = [];
  for (const item of parsed) {
    if (lessons.length >= maxLessons) break;
    if (typeof item !== "object" || item === null) continue;
    const record = item as Record<string, unknown>;
    const title = text(record.title, TITLE_MAX);
    const body = text(record.body, BODY_MAX);
    if (!title || !body) continue;
    const tags = Array.isArray(record.tags)
      ? record.tags
          .map((t) => text(t, TAG_MAX))
          .filter(Boolean)
          .slice(0, TAGS_MAX)
      : [];
    lessons.push({ title, body, tags });
  }
  return lessons;
}

/** The last `maxChars` characters of a numbered transcript, without the line numbers, starting at a whole line. */
export function transcriptTail(numbered: string, maxChars: number): string {
  const plain = numbered.replace(/^ *\d+\t/gm, "");
  if (plain.length <= maxChars) return plain;
  const cut = plain.slice(plain.length - maxChars);
  const newline = cut.indexOf("\n");
  return newline >= 0 ? cut.slice(newline + 1) : cut;
}
