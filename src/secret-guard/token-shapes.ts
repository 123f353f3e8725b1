/**
 * Credentials recognised by their shape alone: provider prefixes (provider-rules.ts), JSON Web Tokens, webhook URLs
 * and private keys.
 *
 * A prefixed token can only begin where a run of token characters begins: not after a letter, digit, `_`, `+` or
 * `-`, nor after a single `/` (a path segment; `//` in a URL's `https://ghp_…@host` is fine). So a prefix inside a
 * base64 blob (`…qsk-U8EV…`) or a longer identifier (`task-1234_sk-something`) never starts one. One pass over the
 * text finds those starts and looks each up by its first three characters, so a hundred rules cost what one does;
 * each rule's pattern then runs from that start only, and none nests quantifiers: the guard stays linear.
 */
import { PRIVATE_KEY, PUTTY_KEY, privateKeyBlocks, puttyKeys } from "./private-keys.js";
import { PREFIX_RULES } from "./provider-rules.js";
import { HINT_RULES } from "./providers/hinted.js";
import { looksRandomToken } from "./randomness.js";
import type { SecretSpan, SpanSink } from "./secret-span.js";
import { SEPARATED_KINDS, separatedTokens } from "./separated-tokens.js";
import { type PrefixRule, prefixed } from "./shape-rule.js";

function isJwtHeader(body: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(`eyJ${body}`, "base64url").toString("utf8"));
    return typeof header === "object" && header !== null && ("alg" in header || "typ" in header);
  } catch {
    // Not base64url JSON: an identifier that happens to start with eyJ.
    return false;
  }
}

const JWT = prefixed(
  "JSON Web Token",
  "eyJ",
  String.raw`eyJ([A-Za-z0-9_-]{8,})\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}`,
  isJwtHeader,
);

// A JWT whose header is not JSON (as a scanner's rule writes it: `ey` and 17+ letters and digits, three parts).
const JWT_SHAPED = prefixed(
  "JSON Web Token",
  "ey",
  String.raw`ey([A-Za-z0-9]{17,})\.ey[A-Za-z0-9_/\\-]{17,}\.[A-Za-z0-9_/\\-]{10,}={0,2}`,
  (body) => looksRandomToken(body),
);

// A JWT in base64 (`ZXlK` is `eyJ` encoded): the text it decodes to must start like a JWT header, `{"name":`.
function isEncodedJwt(body: string): boolean {
  const jwt = Buffer.from(`ZXlK${body.slice(0, 64)}`, "base64").toString("latin1");
  const header = Buffer.from(jwt.slice(0, 16), "base64url").toString("latin1");
  return /^\{"[A-Za-z0-9_]{1,10}":/.test(header);
}
const ENCODED_JWT = prefixed("JSON Web Token", "ZXl", String.raw`ZXlK([A-Za-z0-9/_+\\\r\n-]{40,}={0,2})`, isEncodedJwt);

const RULES: readonly PrefixRule[] = [...PREFIX_RULES, JWT, JWT_SHAPED, ENCODED_JWT];

// Rules by the first three characters of their prefixes (all ASCII). Three, not two: two letters start ordinary
// words (`do`, `se`, `pa`, `li`) thousands of times in a session, three of a prefix's (`dop`, `sec`, `pat`) rarely.
// Two dense tables, looked up at every token start: SLOT[c0 * 128 + c1] is the pair's slot (-1: no rule starts so),
// BY_START[slot * 128 + c2] the rules to try. A rule that names two characters only is listed under every third one.
const SLOT = new Int16Array(128 * 128).fill(-1);
const BY_START: (PrefixRule[] | undefined)[] = [];
for (const rule of RULES) {
  for (const start of rule.starts) {
    const pair = start.charCodeAt(0) * 128 + start.charCodeAt(1);
    if (SLOT[pair] === -1) {
      SLOT[pair] = BY_START.length / 128;
      for (let c = 0; c < 128; c++) BY_START.push(undefined);
    }
    const base = (SLOT[pair] as number) * 128;
    const thirds = start.length > 2 ? [start.charCodeAt(2)] : Array.from({ length: 128 }, (_, c) => c);
    for (const third of thirds) {
      const list = BY_START[base + third] ?? [];
      list.push(rule);
      BY_START[base + third] = list;
    }
  }
}

/** The rules to try where a token starts with the characters `c0 c1 c2`. */
function rulesAt(c0: number, c1: number, c2: number): readonly PrefixRule[] | undefined {
  if (!(c1 < 128 && c2 < 128)) return undefined;
  const slot = SLOT[c0 * 128 + c1] as number;
  return slot < 0 ? undefined : BY_START[slot * 128 + c2];
}

// Characters that continue a token (and so never start one): letters, digits, `_`, `+`, `-`.
const TOKEN_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) TOKEN_CHAR[c] = /[A-Za-z0-9_+-]/.test(String.fromCharCode(c)) ? 1 : 0;
const isTokenChar = (c: number) => c < 128 && TOKEN_CHAR[c] === 1;

/** The first capture group that took part in the match: alternatives each capture their own body. */
function bodyOf(m: RegExpExecArray): string {
  for (let g = 1; g < m.length; g++) if (m[g] !== undefined) return m[g] as string;
  return "";
}

// A token followed by `##` is a template in documentation (`xoxp-…-####`): the part a reader fills in is not in it.
const isTemplateTail = (text: string, end: number) => text.charCodeAt(end) === 35 && text.charCodeAt(end + 1) === 35;

/** The prefixed token (or JWT) that starts at `at`, if a rule accepts one there. */
function tokenAt(text: string, at: number, rules: readonly PrefixRule[]): SecretSpan | undefined {
  for (const rule of rules) {
    rule.pattern.lastIndex = at;
    const m = rule.pattern.exec(text);
    if (m && rule.accept(bodyOf(m)) && !isTemplateTail(text, at + m[0].length)) {
      return { kind: rule.kind, start: at, end: at + m[0].length };
    }
  }
  return undefined;
}

/** Prefixed tokens, in the order they occur. */
function prefixedTokens(text: string, sink: SpanSink): boolean {
  let previous = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const token = isTokenChar(c);
    // A start: a token character after a non-token one, and not right after a single `/`.
    if (token && !previous) {
      const slash = i > 0 && text.charCodeAt(i - 1) === 47 && !(i > 1 && text.charCodeAt(i - 2) === 47);
      const rules = slash ? undefined : rulesAt(c, text.charCodeAt(i + 1), text.charCodeAt(i + 2));
      const span = rules && tokenAt(text, i, rules);
      if (span) {
        if (sink(span)) return true;
        i = span.end - 1;
        previous = isTokenChar(text.charCodeAt(i));
        continue;
      }
    }
    previous = token;
  }
  return false;
}

function hintedTokens(text: string, sink: SpanSink): boolean {
  for (const rule of HINT_RULES) {
    if (!text.includes(rule.hint)) continue;
    for (const m of text.matchAll(rule.pattern)) {
      const span = { kind: rule.kind, start: m.index, end: m.index + m[0].length };
      if (rule.accept(m[1] ?? "") && sink(span)) return true;
    }
  }
  return false;
}

/** Every shaped credential in `text`: prefixed tokens in order, hinted and separated shapes, then private keys. */
export function shapedSecrets(text: string, sink: SpanSink): boolean {
  return (
    prefixedTokens(text, sink) ||
    hintedTokens(text, sink) ||
    separatedTokens(text, sink) ||
    privateKeyBlocks(text, sink) ||
    puttyKeys(text, sink)
  );
}

export const SHAPE_KINDS: readonly string[] = [
  ...new Set([...RULES, ...HINT_RULES].map((rule) => rule.kind).concat(SEPARATED_KINDS)),
  PRIVATE_KEY,
  PUTTY_KEY,
];
