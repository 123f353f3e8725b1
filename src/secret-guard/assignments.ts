/**
 * Credentials recognised by their context rather than their shape: a secret-named key given a random-looking value
 * (`DB_PASSWORD=…`, `"client_secret": "…"`, `apiKey: '…'`, `export API_TOKEN=…`, `?access_token=…`,
 * `var apiToken string = "…"`, `API_TOKEN ?= …`, `$token .= '…'`, `setProperty("X_TOKEN", "…")`,
 * `<xToken>…</xToken>`, `<add key="ApiToken" value="…" />`, `--password …`, "the API key is …" in a sentence), the
 * entries of a Kubernetes Secret's `data:`, a password in a URL (`postgres://app:…@db`) and HTTP credentials
 * (http-credentials.ts: `Bearer …`, `Token …`, `Basic …`, `curl -u user:…`). Each span covers the value only: the key
 * stays readable in a redacted line.
 */
import { authorizationCredentials, KIND_AUTHORIZATION } from "./http-credentials.js";
import { isKeyChar, isSecretKey } from "./key-names.js";
import { kubernetesSecretValues } from "./kubernetes-secrets.js";
import { MIN_PROSE_VALUE, proseKeyName, proseValueStart, withoutClosingPunctuation } from "./prose-credentials.js";
import { looksSecretValue } from "./randomness.js";
import type { SpanSink } from "./secret-span.js";

// Where a key may name a credential; the key around each hit is then read in full. Searching for these words
// first, rather than trying every identifier as a key, keeps ordinary code and prose cheap.
// `pas|pw|pat` share their first letter: grouped, the engine tries one alternative per position instead of three.
const KEY_HINT = /p(?:as|w|at)|secret|token|key|auth|cred/gi;
const MAX_KEY = 80;
// After the key: a closing quote (maybe escaped) or `**`; a type (`: string` in TypeScript, ` string` in Go) when an
// `=` follows it; then `=`, `:`, `:=`, `=>`, Make's `?=`, `::=`, `:::=`, or PHP's `.=`.
const TYPE = String.raw`(?:string|str|String|&str|\[\]byte)(?=[ \t]*:?=)`;
// Each run of blanks is read by one quantifier only (a `[ \t]*` next to a `[ \t]+` would backtrack quadratically).
const OPERATOR = new RegExp(
  String.raw`(?:\\?["'${"`"}]|\*\*)?(?:[ \t]*:[ \t]*${TYPE}|[ \t]+${TYPE})?[ \t]*(?::::=|::=|:=|=>|\?=|\.=|=|:)[ \t]*`,
  "y",
);
// A quoted key passed with its value to a call: `System.setProperty("X_TOKEN", "…")`, `headers.set('x-api-key', '…')`.
const CALL_ARGUMENT = /["'`][ \t]*,[ \t]*(?=["'`])/y;
// A key named by one attribute and given its value by the next: `<add key="ClearTextPassword" value="…" />` (.NET
// appSettings, NuGet's packageSourceCredentials).
const KEY_ATTRIBUTE = /key[ \t]*=[ \t]*["']$/i;
const VALUE_ATTRIBUTE = /["'][ \t]+value[ \t]*=[ \t]*(?=["'])/y;
// A command-line flag given its value after a blank: `--password …`, `--api-token …` (not another long flag; a short
// one, `-v`, is too short to pass for a secret; nor a sentence's verb: "the --password is …" is read as prose).
const FLAG_VALUE = /[ \t]+(?=\S)(?!--)(?!(?:is|was|are|were|be|must|should|will|can|goes|here)\b)/y;

const MAX_VALUE = 4096;
const QUOTES = new Set(['"', "'", "`"]);
const UNQUOTED_END = new Set([" ", "\t", "\r", "\n", ",", ";", "&", ")", "}", "]", '"', "'", "`", "\\"]);

/** The value that starts at `from` (quoted or not), and where it ends. */
function readValue(text: string, from: number): { value: string; end: number } {
  let i = from;
  if (text[i] === "\\" && QUOTES.has(text[i + 1] ?? "")) i++;
  const quote = QUOTES.has(text[i] ?? "") ? text[i] : undefined;
  if (quote !== undefined) i++;
  const start = i;
  const limit = Math.min(text.length, start + MAX_VALUE);
  while (i < limit) {
    const ch = text[i] as string;
    if (quote === undefined ? UNQUOTED_END.has(ch) : ch === quote || ch === "\n" || ch === "\\") break;
    i++;
  }
  return { value: text.slice(start, i), end: i };
}

/** The identifier-like key around `text[at]`, or undefined if the run is longer than a key can be. */
function keyAround(text: string, at: number, length: number): { start: number; end: number } | undefined {
  let start = at;
  while (start > 0 && isKeyChar(text.charCodeAt(start - 1))) if (at - --start > MAX_KEY) return undefined;
  let end = at + length;
  while (isKeyChar(text.charCodeAt(end))) if (++end - start > MAX_KEY) return undefined;
  return { start, end };
}

const KIND_ASSIGNMENT = "credential assignment";

const isBlank = (ch: string | undefined) => ch === " " || ch === "\t" || ch === "\r";
const isSpace = (ch: string | undefined) => isBlank(ch) || ch === "\n";

// An XML element named like a credential: `<apiToken>…</apiToken>`; the value runs to the next tag or the line's end.
// A pretty-printer puts it on a line of its own (`<password>⏎  …⏎</password>`): then the closing tag must follow it.
function xmlValue(text: string, key: { start: number; end: number }): { value: string; end: number } | undefined {
  if (text[key.start - 1] !== "<" || text[key.end] !== ">") return undefined;
  const limit = Math.min(text.length, key.end + 1 + MAX_VALUE);
  let start = key.end + 1;
  while (start < limit && isBlank(text[start])) start++;
  const ownLine = text[start] === "\n";
  while (ownLine && start < limit && isSpace(text[start])) start++;
  let end = start;
  while (end < limit && text[end] !== "<" && text[end] !== "\n") end++;
  const next = end;
  while (end > start && isBlank(text[end - 1])) end--;
  if (ownLine) {
    let close = next;
    while (close < limit && isSpace(text[close])) close++;
    if (!text.startsWith("</", close)) return { value: "", end: start };
  }
  return { value: text.slice(start, end), end };
}

/** Where `pattern` (sticky) matches at `at`, the index after the match; else undefined. */
function after(pattern: RegExp, text: string, at: number): number | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text) ? pattern.lastIndex : undefined;
}

/** Where the value after a key starts, or undefined when no operator follows the key. */
function valueStart(text: string, key: { start: number; end: number }): number | undefined {
  const operator = after(OPERATOR, text, key.end);
  if (operator !== undefined) return operator;
  const quote = text[key.start - 1];
  if (quote === '"' || quote === "'" || quote === "`") {
    const argument = after(CALL_ARGUMENT, text, key.end);
    if (argument !== undefined) return argument;
    const attribute = KEY_ATTRIBUTE.test(text.slice(Math.max(0, key.start - 8), key.start));
    return attribute ? after(VALUE_ATTRIBUTE, text, key.end) : undefined;
  }
  return text.startsWith("--", key.start) ? after(FLAG_VALUE, text, key.end) : undefined;
}

// Keys repeat (`password=…` on every line of a log, `apiKey` across a session): each is judged once, up to a bound.
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 4096;

function secretKey(name: string): boolean {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const verdict = isSecretKey(name);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(name, verdict);
  return verdict;
}

// The patterns are shared, not built per call: each search sets `lastIndex` itself before it runs, so a sink that
// scans another text in between cannot move this one.
function secretAssignments(text: string, sink: SpanSink): boolean {
  let at = 0;
  for (;;) {
    KEY_HINT.lastIndex = at;
    const m = KEY_HINT.exec(text);
    if (!m) return false;
    const key = keyAround(text, m.index, m[0].length);
    if (!key) {
      at = skipRun(text, KEY_HINT.lastIndex);
      continue;
    }
    at = key.end;
    const xml = xmlValue(text, key);
    let from = xml ? undefined : valueStart(text, key);
    let name = text.slice(key.start, key.end);
    // No operator after the key: a sentence may still name the value ("the API key is …").
    const prose = xml === undefined && from === undefined;
    if (prose) {
      from = proseValueStart(text, key);
      name = proseKeyName(text, key);
    }
    if ((xml === undefined && from === undefined) || !secretKey(name)) continue;
    const read = xml ?? readValue(text, from as number);
    const value = prose ? withoutClosingPunctuation(read.value) : read.value;
    if (looksSecretValue(value) && (!prose || value.length >= MIN_PROSE_VALUE) && !isRenamedBinding(name, value)) {
      const start = read.end - read.value.length;
      if (sink({ kind: KIND_ASSIGNMENT, start, end: start + value.length })) return true;
    }
    // Resume after the value: it was read once and is not a key of its own.
    at = Math.max(at, read.end);
  }
}

// A bundler renames a binding that would clash (`CancelToken$1`, `accessToken$2`); `x.accessToken = accessToken$1`
// exports the binding under its own name. The value is the key's last part and `$<n>`: code, not a credential.
const RENAMED_BINDING = /^([A-Za-z_][A-Za-z0-9_]*)\$[0-9]+$/;
function isRenamedBinding(key: string, value: string): boolean {
  const binding = RENAMED_BINDING.exec(value)?.[1];
  return binding !== undefined && key.slice(key.lastIndexOf(".") + 1) === binding;
}

/** The end of the run of key characters that contains `at`. */
function skipRun(text: string, at: number): number {
  let end = at;
  while (isKeyChar(text.charCodeAt(end))) end++;
  return end;
}

// scheme://user:password@host, tried where each `://` is (found by indexOf: a pattern tried at every position of the
// text cost more than the rest of the guard). The user may be empty (`redis://:password@host`), the password may
// hold an unencoded `#` (`…:pa#ss@db`: the host is after the last `@`, so the `#` cannot start a fragment there).
const USERINFO = /:\/\/[^\s:/?#@"'<>]{0,256}:([^\s/?@"'<>]{1,256})@/y;
const MAX_SCHEME = 31;

// [A-Za-z0-9+.-]: the characters of a URL scheme.
const isSchemeChar = (code: number) => (isKeyChar(code) ? code !== 95 : code === 43);
const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

function urlPasswords(text: string, sink: SpanSink): boolean {
  if (!text.includes("@")) return false;
  for (let at = text.indexOf("://"); at >= 0; at = text.indexOf("://", at)) {
    // The scheme is the whole run of scheme characters before `://`: 1 to 31 of them, starting with a letter.
    let scheme = at;
    while (scheme > 0 && at - scheme <= MAX_SCHEME && isSchemeChar(text.charCodeAt(scheme - 1))) scheme--;
    USERINFO.lastIndex = at;
    const m = scheme < at && at - scheme <= MAX_SCHEME && isLetter(text.charCodeAt(scheme)) && USERINFO.exec(text);
    if (!m) {
      at += 3;
      continue;
    }
    const password = m[1] ?? "";
    const end = USERINFO.lastIndex - 1;
    if (looksSecretValue(password) && sink({ kind: "password in URL", start: end - password.length, end })) return true;
    at = end + 1;
  }
  return false;
}

function kubernetesSecrets(text: string, sink: SpanSink): boolean {
  for (const c of kubernetesSecretValues(text)) {
    if (sink({ kind: KIND_ASSIGNMENT, start: c.start, end: c.start + c.value.length })) return true;
  }
  return false;
}

const CONTEXT_RULES = [
  { kind: KIND_ASSIGNMENT, spans: secretAssignments },
  { kind: KIND_ASSIGNMENT, spans: kubernetesSecrets },
  { kind: "password in URL", spans: urlPasswords },
  { kind: KIND_AUTHORIZATION, spans: authorizationCredentials },
] as const;

export const CONTEXT_KINDS: readonly string[] = [...new Set(CONTEXT_RULES.map((rule) => rule.kind))];

/** Every contextual credential in `text`, rule by rule. */
export function assignedSecrets(text: string, sink: SpanSink): boolean {
  for (const rule of CONTEXT_RULES) if (rule.spans(text, sink)) return true;
  return false;
}
