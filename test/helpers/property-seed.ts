/**
 * The seed of every property test (fast-check). CI must be reproducible: with a fresh random seed on each run, a rare
 * counterexample could turn CI red on code no change touched, and the next run would not see it again. So every run
 * uses DEFAULT_PROPERTY_SEED unless LEDGER_FC_SEED names another: an integer (the seed a failure printed, to run it
 * again), or `random` for a fresh seed on each run, to hunt counterexamples locally
 * (`LEDGER_FC_SEED=random npx vitest run test/search/`). A failure still prints its seed and path.
 * `property-setup.ts` applies it before every test file, under Node (vitest.config.ts) and under Bun (bunfig.toml).
 */

/** The seed a run uses when LEDGER_FC_SEED is not set. */
export const DEFAULT_PROPERTY_SEED = 20261207;

/**
 * The seed LEDGER_FC_SEED asks for: its integer, undefined for `random` (fast-check then draws one per property),
 * DEFAULT_PROPERTY_SEED when it is not set or empty. Any other value is refused, not ignored.
 */
export function propertySeed(value: string | undefined): number | undefined {
  const text = (value ?? "").trim();
  if (text === "") return DEFAULT_PROPERTY_SEED;
  if (text === "random") return undefined;
  const seed = Number(text);
  if (!/^-?\d+$/.test(text) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new Error(
      `LEDGER_FC_SEED must be an integer from -2147483648 to 2147483647 (such as a seed fast-check printed) or "random", not ${JSON.stringify(value)}`,
    );
  }
  return seed;
}
