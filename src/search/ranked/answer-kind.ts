/**
 * What a question asks for, and whether a line looks like that kind of answer. "How many pages did the snapshot end
 * up with?" is answered by `pages=34, ok=34, failed=0`, a line holding none of its words: the line a ranked hit shows
 * is chosen by the words it holds and by whether it holds what the question asks for (a number, an error, a path, a
 * command), so the answer a few lines below the question's words is shown with them.
 */

export const ANSWER_KINDS = ["number", "error", "path", "command", "reason"] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/**
 * The phrasings of each kind of question, in English, lower case. A port, a host and a line are numbers ("which line of
 * the handler threw?" is answered by a traceback's `line 293, in get_pixeldata`): on the coding recall evaluation's
 * questions to tune on that showed a needle among the first five hits for 41.7 % against 39.8 % project-wide, and
 * 55.6 % against 54.6 % with the session named, hit@1 unchanged. What blew up failed: with the session named, 67.6 %
 * against 66.7 % (project-wide, opencode-lore and LoCoMo unchanged); "threw" as well lost a question that asks which
 * line threw (54.6 % project-wide). "Which terraform CLI release is installed?" asks which version as "which version"
 * does (asksVersion too); a release named otherwise ("the release zip", "the release run") asks none. On the questions
 * to tune on, with the session named, 109 -> 111 of 176 (a version now shown at the start of a long notes line);
 * project-wide 88 both (one gained, one lost: a line holding a number ranked above it). Where a server was bound
 * asks for its address and port (`host=127.0.0.1,port=4150`), and an install asks for the command that did it
 * (`npm install --save-dev …`): 88 -> 90 project-wide, 111 -> 113 with the session named, none lost.
 */
const ASKS: Record<AnswerKind, RegExp> = {
  number:
    /\b(?:how (?:many|much|long|big|large|fast|slow|often|old|far|close|deep|high|low)|ahead|behind|(?:what|which) (?:version|percent(?:age)?|number|size|count|host|port|score|sha|hash|id|line)|ports?|version|versions|percent(?:age)?|coverage|count|total|sha|commit hash|duration|latency|took|timing|bound)\b/,
  error:
    /\b(?:errors?|fail(?:ed|ure|ures|ing|s)?|broke|broken|break|crash(?:ed|es)?|bl[eo]w(?:s|ing)? up|exceptions?|bugs?|went wrong|wrong|problem|issue with|why did|why was|why were|rejected|refused|denied|warning|warnings)\b/,
  path: /\b(?:(?:which|what) (?:file|files|path|paths|directory|directories|folder|folders|module|modules|config)|where (?:is|was|are|were|did|do|does|does|should|can)|files?|path|paths|directory|folder|saved|located|lives?)\b/,
  command:
    /\b(?:(?:which|what) (?:command|commands|cmd|script|flag|flags|option|invocation)|how (?:did|do|does|can|should) (?:we|i|you|they|it) (?:run|start|install|build|test|deploy|launch|invoke|reproduce|call)|install|commands?|ran|run|invoke|invoked|cli)\b/,
  /**
   * A reason is said in a message's prose (`Why this format:` then `- Avoids key collision between product and
   * variant.`), rarely in the question's words. On the coding recall evaluation's questions to tune on, with the session
   * named (limit 5), asking for the lines that give one showed a needle among the first five hits for 106 of 176
   * questions against 104 (both gained among the 68 written after the tuning; project-wide 82 of 176 either way, hit@1
   * 46 against 46); its markers wider (`since`, `so the`, `otherwise`, `the problem was` ...) lost two project-wide.
   */
  reason: /\b(?:why|reasons?|how come|what for|the point of)\b/,
};

/** The kinds of answer a question asks for (none: a decision, a fact: the words alone choose the line). */
export function asksFor(question: string): AnswerKind[] {
  const folded = question.toLowerCase();
  return ANSWER_KINDS.filter((kind) => ASKS[kind].test(folded) || (kind === "number" && asksVersion(folded)));
}

/** A line's own look, kind by kind. A transcript's `123: ` prefix of a file read is no number of the line's own. */
const HOLDS: Record<AnswerKind, RegExp> = {
  number:
    /(?:^|[^\w.#/-])(?:v?\d+(?:[.,]\d+)+|\d+(?:\.\d+)?\s?(?:%|ms|s|kb|mb|gb|b|x|files?|lines?|tests?|pages?|passed|failed|errors?|warnings?|insertions?|deletions?|callsites?|occurrences|users?)\b|\d{2,}|[0-9a-f]{7,40}\b)|(?:^|[\s([])\d+(?=[\s)\],.;:]|$)|=\s?\d/i,
  error:
    /\b(?:error|errors|err!|failed|failure|failures|fail|exception|traceback|panic(?:ked)?|fatal|cannot|can't|could not|couldn't|unable to|not found|no such|undefined is not|is not a function|denied|refused|timed? ?out|exit (?:code|status) [1-9]|exited with [1-9]|enoent|eacces|econnrefused|eaddrinuse|ts\d{4}|segmentation fault|aborted|invalid|unexpected|mismatch|conflict)\b|[✗✘×❌]/i,
  path: /(?:^|[\s`'"(=:[])(?:~|\.{1,2})?\/?[\w@.-]+\/[\w@.-]+(?:\/[\w@.-]*)*|\b[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|rs|go|md|json|toml|ya?ml|sh|css|html|c|h|cpp|java|kt|rb|lock|sql|txt|env|cfg|ini|proto|zig|swift)\b/i,
  reason: /\b(?:because|so that|to avoid|avoids?|due to|in order to|that's why|reasons?|why)\b/i,
  command:
    /^\s*(?:command: |[$>❯#]\s)|(?:^|[\s`(])(?:npm|npx|bun|bunx|pnpm|yarn|git|gh|cargo|rustc|go|python3?|pip3?|uv|poetry|make|cmake|docker|kubectl|node|deno|curl|wget|rg|grep|pytest|tsc|vitest|jest|mvn|gradle|brew|apt(?:-get)?|sudo|chmod|ssh|opencode|bazel|just|terraform|helm)\s+[-\w./@:=]/,
};

/**
 * An error as a runtime reports it, by its name and a colon (`TypeError: r is not iterable`, `SyntaxError: unmatched
 * ')'`, `NullPointerException: …`): no word boundary stands before its "Error", so HOLDS.error does not see it. Its
 * capitals tell it from a word that merely ends in "error" (`Compiling thiserror v2.0.18`), the colon from code or
 * prose naming one (`raise AttributeError(`). Counted without the colon, such names took a needle out of the first
 * five hits with the session named on the coding recall evaluation's questions to tune on (hit@5 64.8 % to 63.9 %);
 * with it, every figure is as before.
 */
const NAMED_ERROR = /\b[A-Z]\w*(?:Error|Exception):/;

/**
 * A file read's own numbering (`  12: `, `+ 12: `, and as other agents' read tools and `cat -n` write it, `    12\t`
 * and `    12→`) and a grep match's (`  Line 5: `) say nothing of what a line holds:
 * every line of a grep's output held a number, and `Line 5: const serviceName = "dark-factory-core";` (it holds the
 * question's words) was shown for "which port does the core service listen on by default?" instead of
 * `Line 5:     address_port: Number(Bun.env.PORT ?? 4150),` five lines below.
 */
const NUMBERING = /^\s*(?:Line )?[+-]?\s*\d+(?:[:|]\s?|\t|→)/;

/** A line's text without a read's or a grep's numbering. */
export const ownText = (text: string) => text.replace(NUMBERING, "");

/**
 * Where `kind` first stands in a line's own text (its index; -1 when it does not): an error as HOLDS sees it or as a
 * runtime names it (NAMED_ERROR).
 */
function kindIndex(own: string, kind: AnswerKind): number {
  const held = HOLDS[kind].exec(own)?.index ?? -1;
  const named = kind === "error" ? (NAMED_ERROR.exec(own)?.index ?? -1) : -1;
  return held < 0 || named < 0 ? Math.max(held, named) : Math.min(held, named);
}

/** Where in `text` the first of the asked kinds stands, after its numbering (its index; Infinity when none does). */
export function kindAt(text: string, asked: readonly AnswerKind[]): number {
  const own = ownText(text);
  let at = Number.POSITIVE_INFINITY;
  for (const kind of asked) {
    const i = kindIndex(own, kind);
    if (i >= 0) at = Math.min(at, text.length - own.length + i);
  }
  return at;
}

/** Whether a line, past its numbering, holds `kind`. */
export function lineHolds(text: string, kind: AnswerKind): boolean {
  return kindIndex(ownText(text), kind) >= 0;
}

/**
 * An error line of a tool's own words (`TypeError: …`, `error[E0308]: …`, `FAIL`, `Traceback`, `panic:`), which
 * says what broke better than a line that merely mentions a failure.
 */
const STRONG_ERROR =
  /(?:^|\s)(?:[A-Z]\w*(?:Error|Exception)\b:?|error(?:\[\w+\])?:|fatal:|panic(?:ked)?[: ]|FAIL(?:ED)?\b|Traceback \(most recent|ERR!|npm ERR|E\d{4}:|TS\d{4}:)/;

/** Whether a line, past its numbering, is an error as a tool writes one (it tells more than one naming a failure). */
export function strongError(text: string): boolean {
  return STRONG_ERROR.test(ownText(text));
}

/** How many of the asked kinds a line holds (0 when none were asked). */
export function answerValue(text: string, asked: readonly AnswerKind[]): number {
  let value = 0;
  for (const kind of asked) if (lineHolds(text, kind)) value++;
  return value;
}

/**
 * A count with what it counts (`12 files changed, 260 insertions(+)`, `pages=34`, `3 passed`, `120 ms`): says how
 * many or how big better than a line that merely holds a number (a mode `100644`, a hash, a date).
 */
const MEASURE =
  /(?:^|[^\w.#/-])\d+(?:[.,]\d+)?\s?(?:%|ms|s|sec(?:onds?)?|min(?:utes?)?|kb|mb|gb|bytes?|files?|lines?|tests?|pages?|passed|failed|errors?|warnings?|insertions?|deletions?|changes?|changed|occurrences|users?|items?|rows?|entries|commits?|hits?|calls?|requests?|tokens?|chars?|characters?|words?|steps?|times?)\b|\b[a-z_]+=\d/i;

/** Whether a line, past its numbering, holds a count with what it counts. */
export function measured(text: string): boolean {
  return MEASURE.test(ownText(text));
}

/**
 * A question that asks which version (`what Bun version was on the machine?`, `which terraform CLI release is
 * installed?`); a version is a number it asks for (asksFor).
 */
export function asksVersion(question: string): boolean {
  return /\bversions?\b|\b(?:what|which) (?:[\w.-]+ ){0,3}release\b/.test(question.toLowerCase());
}

/**
 * A version as tools write one (`Bun v1.2.5 (macOS arm64)`, `2.0.0-rc.3`, `logestic@1.2.4`, `v18.2`): what a question
 * asking which version wants, more than any number (a line's `code 1`, a count). Four numbers or more read as an
 * address (`127.0.0.1`), a version of four only with its `v` (`v2.1.9.1`).
 */
const VERSION = /(?:^|[^\w.])v?\d+\.\d+\.\d+(?![\d.]*\d)|\bv\d+\.\d+\b/i;

/** Whether a line, past its numbering, holds a version as tools write one. */
export function versioned(text: string): boolean {
  return VERSION.test(ownText(text));
}
