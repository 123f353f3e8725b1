/**
 * Which keys name a credential: `DB_PASSWORD`, `apiKey`, `x-auth-token`, `client_secret`, `PGPASSWORD` do;
 * `max_tokens`, `tokenizer`, `token_uri`, `nextPageToken`, `primary key`, `PWD`, `io.jsonwebtoken` do not.
 */
import { identifierWords, isWordy, looksRandomToken } from "./randomness.js";

// The last word of the key names what the value is: `db_password`, `apiKey`, `x-auth-token`, `PGPASSWORD`.
const NOUNS = new Set([
  "password",
  "passwd",
  "passwort",
  "pwd",
  "pw",
  "pass",
  "passphrase",
  "passcode",
  "secret",
  "token",
  "credential",
  "credentials",
  "creds",
  "auth",
  "authorization",
  "apikey",
  "pat",
]);
const NOUN_ENDINGS = ["password", "passwd", "passphrase", "secret", "token", "apikey"];
// `key` alone is too common (`key: Enter`, `primary key: id`); it needs one of these before it.
const KEY_QUALIFIERS = new Set([
  ...["api", "private", "secret", "access", "signing", "sign", "encryption", "master", "app", "auth", "client"],
  ...["account", "subscription", "admin", "session", "shared", "hmac", "jwt", "webhook", "service"],
]);
// Trailing words that describe the encoding, not the thing: `secret_key_base`, `password_b64`, `TOKEN_2`.
const TRAILING_NOISE = /[-_.]?(?:value|val|str|string|b64|base64|hex|raw|plain|base|\d+)$/i;
// Words that turn a token into something that is not a credential: pagination cursors, Plaid-style public tokens.
// A cancel token (axios's `CancelToken`) is a handle that aborts a request.
const NOT_SECRET_BEFORE = new Set("page next prev continuation cancellation cancel sync cursor public".split(" "));
// Shell variables that hold directories, not passwords; written in capitals, as the shell does (`pwd=…` is one).
const NOT_SECRET_KEYS = new Set(["PWD", "OLDPWD"]);
// Library names that end in a noun: `io.jsonwebtoken:jjwt-api:0.12.6` is a Maven coordinate.
const NOT_SECRET_WORDS = new Set(["jsonwebtoken"]);

// A short acronym that starts a camelCase key (`npmAccessToken`, `sfdcClientSecret`, `GCPAccessToken`): a product's
// name, vowelless more often than not, before the humps that say what the key holds.
const LEADING_ACRONYM = /^(?:[a-z]{2,5}|[A-Z]{2,5})(?=[A-Z][a-z])/;

// A part of the key that is itself random (a hash or an id used as a JSON key) means the key names nothing.
function isRandomPart(part: string): boolean {
  return part.length >= 12 && looksRandomToken(part) && !isWordy(part.replace(/\d+$/, "").replace(LEADING_ACRONYM, ""));
}

/**
 * Whether a key names a credential: its last word (ignoring encodings and numbers) is a password/secret/token noun,
 * or `key` qualified by `api`, `private`, `secret`…; and the key reads like a name, not like a random id.
 */
export function isSecretKey(key: string): boolean {
  if (NOT_SECRET_KEYS.has(key) || key.split(/[-_.]/).some(isRandomPart)) return false;
  let name = key;
  for (let m = TRAILING_NOISE.exec(name); m && m.index > 0; m = TRAILING_NOISE.exec(name))
    name = name.slice(0, m.index);
  const words = identifierWords(name);
  const last = words.pop();
  if (last === undefined) return false;
  // A noun glued to what precedes it must be a camelCase hump (`dbPassword`), not `…RjPW` inside an id.
  if (last.index > 0 && /[A-Za-z0-9]/.test(name[last.index - 1] ?? "") && !/^[A-Z][a-z]*$/.test(last.text)) {
    return false;
  }
  const noun = last.word;
  if (NOT_SECRET_WORDS.has(noun)) return false;
  const before = words.at(-1)?.word;
  if (before !== undefined && NOT_SECRET_BEFORE.has(before)) return false;
  if (noun === "key") return before !== undefined && KEY_QUALIFIERS.has(before);
  // Written as one word in capitals or lower case: `SUMOLOGIC_ACCESSKEY`, `secretkey`.
  if (noun.endsWith("key") && KEY_QUALIFIERS.has(noun.slice(0, -3))) return true;
  return NOUNS.has(noun) || NOUN_ENDINGS.some((ending) => noun.endsWith(ending));
}

/** Whether a character code is one of a key's, `[A-Za-z0-9_.-]`; by code: it runs for every character near a hint. */
export function isKeyChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}
