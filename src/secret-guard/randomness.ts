/**
 * Tells random-looking strings (keys, tokens, generated passwords) from words, identifiers, placeholders and code.
 * Every function here is linear in its input, so the guard stays linear however hostile the text.
 */

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

interface Classes {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  symbol: boolean;
}

function classesOf(value: string): Classes {
  return {
    lower: /[a-z]/.test(value),
    upper: /[A-Z]/.test(value),
    digit: /[0-9]/.test(value),
    // Identifier punctuation (`my-app_name.v2`) does not make a value random; other symbols do.
    symbol: /[^A-Za-z0-9_.-]/.test(value),
  };
}

const count = (flags: readonly boolean[]) => flags.filter(Boolean).length;

// Filler that documentation puts where a key goes: "XXXX…", "your-api-key", "…EXAMPLE", "abcdefg…", "1234567…",
// "…abc123xyz", "-####". Words count in one case only (example, EXAMPLE, Example): a random token holds "DUmmY" now
// and then; "abc123" in one of three cases turns up in about one random 40-character token in 10^9.
const FILLER_WORDS = ["example", "placeholder", "redacted", "changeme", "dummy", "xxxxx", "abcdefg", "abc123"];
const FILLER = new RegExp(
  [
    ...FILLER_WORDS.flatMap((w) => [w, w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1)]),
    String.raw`0123456|1234567|\*\*\*|###|\.\.\.|…`,
  ].join("|"),
);
const YOUR_KEY = /your[-_]?(?:api|key|token|secret|pass|own)/i;

/** Documentation filler rather than a credential. */
export function isPlaceholder(value: string): boolean {
  return FILLER.test(value) || YOUR_KEY.test(value);
}

// Words of an identifier or phrase: camelCase humps, ALLCAPS runs, lowercase runs and digit runs.
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

export interface IdentifierWord {
  /** As written. */
  readonly text: string;
  /** Lower-cased: `OPENAI_API_KEY` and `openaiApiKey` both give openai, api, key. */
  readonly word: string;
  readonly index: number;
}

/** The words of an identifier, with where each starts. */
export function identifierWords(value: string): IdentifierWord[] {
  return [...value.matchAll(WORD)].map((m) => ({ text: m[0], word: m[0].toLowerCase(), index: m.index }));
}

const isAlphanumeric = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);

/** `value` without punctuation at either end (`"?NonExpressionParenEnd"` reads as its words). */
function trimPunctuation(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && !isAlphanumeric(value[start])) start++;
  while (end > start && !isAlphanumeric(value[end - 1])) end--;
  return value.slice(start, end);
}

// Acronyms have no vowels but are words all the same (`InterpolationInJSX`, `HttpApiSecurity`).
const ACRONYMS = new Set(
  [
    "css csv db dns cpu gpu html http https js jsx jwt llm md mcp pdf png",
    "rgb rpc sdk smtp sql ssh ssl svg tcp tls ts tsx ttl udp url ws xhr xml",
  ]
    .join(" ")
    .split(" "),
);

/**
 * Reads like words (`GITHUB_TOKEN`, `req.body.password`, `hashedPassword`): no digits, no punctuation inside beyond
 * what identifiers and paths use, words of three letters or more on average, nearly all with a vowel, and no long
 * consonant runs. Random strings break into short humps like `Nxg` or `OPLH`. A heuristic: letters-only random
 * strings pass it now and then (see SECURITY.md).
 */
export function isWordy(value: string): boolean {
  const inner = trimPunctuation(value);
  if (/[^A-Za-z._\-/:]/.test(inner)) return false;
  const words = inner.match(WORD) ?? [];
  if (words.length === 0) return true;
  let letters = 0;
  let vowelless = 0;
  for (const w of words) {
    if (/[b-df-hj-np-tv-xz]{5}/i.test(w)) return false;
    letters += w.length;
    if (w.length > 1 && !/[aeiouy]/i.test(w) && !ACRONYMS.has(w.toLowerCase())) vowelless++;
  }
  return letters >= 3 * words.length && vowelless * 4 <= words.length;
}

// A run of 16+ hex digits with both digits and letters in it: a hash-like key part (Slack's legacy tokens, keys of
// OpenAI-compatible providers are lower-case hex).
function hasHexRun(body: string): boolean {
  for (const run of body.matchAll(/[0-9a-f]{16,}/g)) if (/[0-9]/.test(run[0]) && /[a-f]/.test(run[0])) return true;
  return false;
}

/**
 * The random part of a prefixed token (after `ghp_`, `sk-`, `xoxb-`…): mixed case, upper case with digits, or a
 * hex run; not one character repeated; not documentation filler. Lower-case names with digits
 * (`release-2024-11-30-hotfix`) are none of these: random base62 of 20+ characters lacks a case about once in 50,000.
 */
export function looksRandomToken(body: string): boolean {
  const c = classesOf(body);
  const mixed = (c.upper && (c.lower || c.digit)) || hasHexRun(body);
  return mixed && entropy(body) >= 2 && !isPlaceholder(body);
}

/** Like `looksRandomToken` but for alphabets of one case (AWS key ids are upper case and may have no digit). */
export function looksRandomUpper(body: string): boolean {
  return entropy(body) >= 2 && !isPlaceholder(body);
}

// A value that refers to a secret instead of holding it: `${DB_PASSWORD}`, `$(cat f)`, `$TOKEN`, `%PASS%`,
// `{env:KEY}`, `{{ secrets.X }}`, `<your key>`, `[REDACTED]`, a comment, a URL, a typed array name.
const REFERENCE =
  /^\$[A-Za-z_{(]|^%[A-Za-z_]+%$|^<[^>]*>$|^[{[(]|^\/[*/]|^[a-z][a-z0-9+.-]*:\/\/|^(?:Big)?(?:Uint|Int|Float)(?:8|16|32|64)(?:Clamped)?Array\b/i;
// A name followed by a call, an index, optional chaining or type arguments: `getToken(`, `os.environ[`,
// `result?.pass`, `Record<`. Type arguments only after a name without digits, and not a closing tag: a random value
// followed by markup (`Xk9mP2vL8q</code>`) is still a value.
const CODE_HEAD = /^[A-Za-z_$][\w$.]*(?:[([]|[?!]\.)|^[A-Za-z_$.]+<(?!\/)/;

// `Schema.Uint8ArrayFromBase64`, `Y.password`: a member path whose parts read as words once digits are set aside.
function isMemberPath(value: string): boolean {
  const parts = value.split(".");
  return (
    parts.length >= 2 &&
    parts.every((p) => /^[A-Za-z_$][\w$]*$/.test(p) && (p.length <= 2 || isWordy(p.replace(/[0-9]+/g, ""))))
  );
}

// A version: `v1.2.3`, `1.18.33-rc.1+build.20240101`.
const SEMVER = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

// One part of an identifier: humps of 3+ letters with a vowel (or an acronym), at most one shorter hump, and digit
// runs of at most 2 (`AccessTokenProvider2`, `minLength8Upper1Digit1`, `OAuth2PasswordBearer`); digits inside a part
// of one case only at its end (`V2`, `release2`). Random text breaks into short humps (`Xk9mP2vL8q`: Xk, m, P, v, Lq)
// or carries digits inside a run of one case, so it fails this nearly always.
function isIdentifierPart(part: string): boolean {
  if (part.length <= 3) return true;
  const camel = /[a-z]/.test(part) && /[A-Z]/.test(part);
  if (!camel && /[0-9][A-Za-z]/.test(part)) return false;
  let humps = 0;
  let short = 0;
  for (const [w] of part.matchAll(WORD)) {
    if (/^[0-9]+$/.test(w)) {
      if (w.length > 2) return false;
      continue;
    }
    humps++;
    if (w.length < 3) short++;
    else if (!/[aeiouy]/i.test(w) && !ACRONYMS.has(w.toLowerCase())) return false;
    else if (/[b-df-hj-np-tv-xz]{5}/i.test(w)) return false;
  }
  return humps > 0 && short <= 1 && short * 4 <= humps + 1;
}

/**
 * An identifier, a constant name or a class name rather than a secret: `RELEASE_PAT_V2`, `AccessTokenProvider2`,
 * `PassThrough2Stream`; or a version (`v1.2.3-rc.1+build.20240101`).
 */
export function isIdentifierLike(value: string): boolean {
  if (SEMVER.test(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(value)) return false;
  const parts = value.split(/[_.-]+/).filter(Boolean);
  return parts.some((p) => p.length > 3) && parts.every(isIdentifierPart);
}

/**
 * A value assigned to a secret-named key that is itself secret-shaped: 8+ characters without spaces, not a
 * reference, placeholder or phrase, and random enough (3 character classes, or 12+ characters of 2 classes).
 * Short or dictionary passwords ("hunter2", "password1") are below this bar on purpose: see SECURITY.md.
 */
export function looksSecretValue(value: string): boolean {
  if (value.length < 8 || /\s/.test(value)) return false;
  if (REFERENCE.test(value) || CODE_HEAD.test(value) || isPlaceholder(value) || isWordy(value) || isMemberPath(value)) {
    return false;
  }
  if (isIdentifierLike(value)) {
    return false;
  }
  const c = classesOf(value);
  const classes = count([c.lower, c.upper, c.digit, c.symbol]);
  const bits = entropy(value);
  if (classes >= 3 && bits >= 2.5) return true;
  return value.length >= 12 && count([c.lower, c.upper, c.digit]) >= 2 && bits >= 2.7;
}
