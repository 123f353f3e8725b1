/**
 * HTTP credentials: an `Authorization` scheme's credential (`Bearer …`, `Token …`, `Basic …`) and curl's
 * `-u user:password`. Each span covers the credential only.
 */
import { curlCredentials } from "./curl-credentials.js";
import { isKeyChar } from "./key-names.js";
import { isPlaceholder, isWordy, looksRandomToken } from "./randomness.js";
import type { SpanSink } from "./secret-span.js";

// Each found where its word is (indexOf), then read by a sticky pattern from there.
const BEARER = /[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)/y;
const BASIC = /[ \t]+([A-Za-z0-9+/]{8,4096}={0,2})(?![A-Za-z0-9+/])/y;
// `Authorization: Token …` (GitHub's and Django REST framework's scheme), tried where each `uthorization` is.
const TOKEN_SCHEME = /uthorization["']?[ \t]*:[ \t]*["']?[Tt]oken[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)/y;

/** The credential after each `word` (that does not continue an identifier) in `text`, as `[start, end)`. */
function* credentialsAfter(text: string, word: string, pattern: RegExp): Generator<{ value: string; start: number }> {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at)) {
    const head = word === "earer" ? at - 1 : at;
    const headChar = text.charCodeAt(head);
    const opens = word !== "earer" || headChar === 66 || headChar === 98; // B or b
    if (!opens || (head > 0 && isKeyChar(text.charCodeAt(head - 1)) && text.charCodeAt(head - 1) !== 46)) {
      at += word.length;
      continue;
    }
    pattern.lastIndex = at + word.length;
    const m = pattern.exec(text);
    if (!m) {
      at += word.length;
      continue;
    }
    const value = m[1] ?? "";
    at = pattern.lastIndex;
    yield { value, start: at - value.length };
  }
}

/** The credential after each `Authorization: Token` in `text` (an array: most texts have none). */
function tokenSchemeCredentials(text: string): { value: string; start: number }[] {
  const found: { value: string; start: number }[] = [];
  for (let at = text.indexOf("uthorization"); at >= 0; at = text.indexOf("uthorization", at + 12)) {
    if (at === 0 || (text[at - 1] !== "A" && text[at - 1] !== "a")) continue;
    TOKEN_SCHEME.lastIndex = at;
    const m = TOKEN_SCHEME.exec(text);
    const value = m?.[1];
    if (value !== undefined) found.push({ value, start: TOKEN_SCHEME.lastIndex - value.length });
  }
  return found;
}

// `Basic` credentials are base64 of `user:password`; a password that is a placeholder word is documentation.
function isBasicCredential(encoded: string): boolean {
  const decoded = Buffer.from(encoded, "base64").toString("latin1");
  const colon = decoded.indexOf(":");
  if (colon < 0 || !/^[\x20-\x7e]+$/.test(decoded)) return false;
  const password = decoded.slice(colon + 1);
  return password.length > 0 && !isWordy(password) && !isPlaceholder(password);
}

export const KIND_AUTHORIZATION = "HTTP authorization credential";

/** Every HTTP credential in `text`: `Bearer`, `Token` and `Basic` credentials, then curl's `-u user:password`. */
export function authorizationCredentials(text: string, sink: SpanSink): boolean {
  const span = (c: { value: string; start: number }) => ({
    kind: KIND_AUTHORIZATION,
    start: c.start,
    end: c.start + c.value.length,
  });
  const isToken = (c: { value: string }) => looksRandomToken(c.value) && !isWordy(c.value);
  for (const c of credentialsAfter(text, "earer", BEARER)) if (isToken(c) && sink(span(c))) return true;
  for (const c of tokenSchemeCredentials(text)) if (isToken(c) && sink(span(c))) return true;
  for (const c of credentialsAfter(text, "Basic", BASIC)) if (isBasicCredential(c.value) && sink(span(c))) return true;
  for (const c of curlCredentials(text)) if (sink(span(c))) return true;
  return false;
}
