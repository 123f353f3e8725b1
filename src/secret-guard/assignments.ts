/**
 * Credentials recognised by their context rather than their shape: a secret-named key given a random-looking value
 * (`DB_PASSWORD=…`, `"client_secret": "…"`, `apiKey: '…'`, `export API_TOKEN=…`, `?access_token=…`), a password in a
 * URL (`postgres://app:…@db`) and HTTP `Authorization` credentials (`Bearer …`, `Basic …`).
 */
import { isSecretKey } from "./key-names.js";
import { isPlaceholder, isWordy, looksRandomToken, looksSecretValue } from "./randomness.js";

// Where a key may name a credential; the key around each hit is then read in full. Searching for these words
// first, rather than trying every identifier as a key, keeps ordinary code and prose cheap.
const KEY_HINT = /pas|pw|secret|token|key|auth|cred|pat/gi;
const MAX_KEY = 80;
// After the key: a closing quote (maybe escaped) or `**`, then `=`, `:`, `:=` or `=>`.
const OPERATOR = /(?:\\?["'`]|\*\*)?[ \t]*(?::=|=>|=|:)[ \t]*/y;

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

// [A-Za-z0-9_.-], by code: this runs for every character around a hint.
function isKeyChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}

/** The identifier-like key around `text[at]`, or undefined if the run is longer than a key can be. */
function keyAround(text: string, at: number, length: number): { start: number; end: number } | undefined {
  let start = at;
  while (start > 0 && isKeyChar(text.charCodeAt(start - 1))) if (at - --start > MAX_KEY) return undefined;
  let end = at + length;
  while (isKeyChar(text.charCodeAt(end))) if (++end - start > MAX_KEY) return undefined;
  return { start, end };
}

function hasSecretAssignment(text: string): boolean {
  const hints = new RegExp(KEY_HINT);
  const operator = new RegExp(OPERATOR);
  for (let m = hints.exec(text); m; m = hints.exec(text)) {
    const key = keyAround(text, m.index, m[0].length);
    if (!key) {
      hints.lastIndex = skipRun(text, hints.lastIndex);
      continue;
    }
    hints.lastIndex = key.end;
    operator.lastIndex = key.end;
    if (!operator.exec(text) || !isSecretKey(text.slice(key.start, key.end))) continue;
    const { value, end } = readValue(text, operator.lastIndex);
    if (looksSecretValue(value)) return true;
    // Resume after the value: it was read once and is not a key of its own.
    hints.lastIndex = Math.max(hints.lastIndex, end);
  }
  return false;
}

/** The end of the run of key characters that contains `at`. */
function skipRun(text: string, at: number): number {
  let end = at;
  while (isKeyChar(text.charCodeAt(end))) end++;
  return end;
}

// scheme://user:password@host; the user may be empty (`redis://:password@host`).
const URL_USERINFO =
  /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/[^\s:/?#@"'<>]{0,256}:([^\s/?#@"'<>]{1,256})@/g;

function hasUrlPassword(text: string): boolean {
  if (!text.includes("://") || !text.includes("@")) return false;
  for (const m of text.matchAll(URL_USERINFO)) if (looksSecretValue(m[1] ?? "")) return true;
  return false;
}

const BEARER = /(?<![A-Za-z0-9_-])[Bb]earer[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)/g;
const BASIC = /(?<![A-Za-z0-9_-])Basic[ \t]+([A-Za-z0-9+/]{8,4096}={0,2})(?![A-Za-z0-9+/])/g;

// `Basic` credentials are base64 of `user:password`; a password that is a placeholder word is documentation.
function isBasicCredential(encoded: string): boolean {
  const decoded = Buffer.from(encoded, "base64").toString("latin1");
  const colon = decoded.indexOf(":");
  if (colon < 0 || !/^[\x20-\x7e]+$/.test(decoded)) return false;
  const password = decoded.slice(colon + 1);
  return password.length > 0 && !isWordy(password) && !isPlaceholder(password);
}

function hasAuthorizationCredential(text: string): boolean {
  if (!/earer|Basic/.test(text)) return false;
  for (const m of text.matchAll(BEARER)) {
    const value = m[1] ?? "";
    if (looksRandomToken(value) && !isWordy(value)) return true;
  }
  for (const m of text.matchAll(BASIC)) if (isBasicCredential(m[1] ?? "")) return true;
  return false;
}

const CONTEXT_RULES = [
  { kind: "credential assignment", finds: hasSecretAssignment },
  { kind: "password in URL", finds: hasUrlPassword },
  { kind: "HTTP authorization credential", finds: hasAuthorizationCredential },
] as const;

export const CONTEXT_KINDS: readonly string[] = CONTEXT_RULES.map((rule) => rule.kind);

/** The kind of the first contextual credential in `text`, or undefined. */
export function findAssignedSecret(text: string): string | undefined {
  return CONTEXT_RULES.find((rule) => rule.finds(text))?.kind;
}
