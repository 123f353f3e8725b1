/**
 * What the random part of a provider's token must look like, beyond its pattern: shared by the rules of every
 * provider file. Each is linear in the body it is given.
 */
import { hasTokenChecksum } from "../checksum.js";
import {
  entropy,
  isIdentifierLike,
  isPlaceholder,
  isWordy,
  looksRandomToken,
  looksRandomUpper,
  looksSecretValue,
} from "../randomness.js";

export { looksRandomToken, looksRandomUpper };

/** Random the way a generated password is (three character classes, or 12+ characters of two), not a name. */
export const looksRandomSecret = looksSecretValue;

/** Random, and not reading as words (`sk-` also starts names such as `sk-ThisIsMyProjectName…`). */
export const notWordy = (body: string) => looksRandomToken(body) && !isWordy(body);

/**
 * Random, and not a camelCase or snake_case name (`hf_initWithFrameAndStyle…` is an Objective-C selector): random
 * letters never break into humps of 3+ letters with vowels, while isWordy would also pass ~3 % of random letters.
 */
export const notIdentifier = (body: string) => looksRandomToken(body) && !isIdentifierLike(body);

/** GitHub and npm tokens end in a CRC32 of their body: a valid one proves the shape whatever the letters read like. */
export const checksummed = (body: string) => hasTokenChecksum(body) || looksRandomToken(body);

/** One case only, with dashes between groups (`A3-XXXXXX-…`). */
export const upperWithoutDashes = (body: string) => looksRandomUpper(body.replaceAll("-", ""));

/**
 * Lower case and digits (`rdme_…`, `_gitlab_session=…`): both present, about 3 bits a character or more, not filler.
 * Random base36 of 32 characters lacks a digit about once in 3,000 draws.
 */
export const lowerRandom = (body: string) =>
  /[0-9]/.test(body) && /[a-z]/i.test(body) && entropy(body) >= 3 && !isPlaceholder(body) && !isWordy(body);

/**
 * Hex with letters and digits among them (Sidekiq's `<8 hex>:<8 hex>`): `deadbeef:cafebabe` and `12345678:87654321`
 * are not keys.
 */
export const hexPair = (token: string) => /[0-9]/.test(token) && /[a-f]/i.test(token) && entropy(token) >= 2.5;

/**
 * Random and not a hex digest: for prefixes a hex string may start with (`4b1d…`, `00…`), the body must mix cases,
 * which a digest written in one case never does.
 */
export const mixedCase = (body: string) => /[a-z]/.test(body) && /[A-Z]/.test(body) && notIdentifier(body);

/**
 * Base64 that decodes (with `prefix` put back before `body`) to text of the provider's structure: tokens that are an
 * encoded record (`tok:<uuid>:1:0`, `reftkn:01:<time>:<secret>`) prove their shape by what they decode to.
 */
export const decodesTo =
  (structure: RegExp, prefix = "") =>
  (body: string) =>
    structure.test(Buffer.from(prefix + body, "base64").toString("latin1"));
