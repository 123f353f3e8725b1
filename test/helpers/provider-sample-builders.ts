/**
 * What the provider samples are made of: alphabets and the two usual forms (a prefix and a random run; a random
 * middle between fixed parts), each with its near-miss one character short. Prefixes are assembled from parts in
 * the sample files so that scanners find nothing in them.
 */
import { ALNUM, drawUntil, pick, pickRandom, type Rand } from "./secret-samples.js";

export { ALNUM, drawUntil, pick, pickRandom, type Rand };

export interface ProviderSample {
  readonly kind: string;
  readonly label: string;
  readonly build: (rand: Rand) => string;
  /** Close to the shape, but not it: must pass. */
  readonly nearMiss: (rand: Rand) => string;
}

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const HEX = "0123456789abcdef";
export const B64URL = `${ALNUM}-_`;
export const B64 = `${ALNUM}+/`;
export const BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";
export const j = (...parts: string[]) => parts.join("");
export const uuid = (r: Rand) => [8, 4, 4, 4, 12].map((n) => pick(r, HEX, n)).join("-");

/**
 * A provider whose token is a prefix and `n` characters of `alphabet` that look drawn at random (`pickRandom`); the
 * near-miss has `n - 1`.
 */
export function fixed(
  kind: string,
  prefix: readonly string[],
  alphabet: string,
  n: number,
  label = j(...prefix),
  short = n - 1,
) {
  return {
    kind,
    label,
    build: (r: Rand) => j(...prefix, pickRandom(r, alphabet, n)),
    nearMiss: (r: Rand) => j(...prefix, pick(r, alphabet, short)),
  };
}

/** A token built around a random middle: `before + pick(n) + after`, the near-miss one character short. */
export function around(
  kind: string,
  label: string,
  parts: (r: Rand, n: number) => string,
  n: number,
  short = n - 1,
): ProviderSample {
  return { kind, label, build: (r) => parts(r, n), nearMiss: (r) => parts(r, short) };
}
