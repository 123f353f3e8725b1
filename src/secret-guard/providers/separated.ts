/**
 * Tokens made of a run of one alphabet, a fixed separator and a random part: found where the separator is, the run
 * read backwards from it. Sources: each provider's published format, cross-checked against the public gitleaks rule
 * set (as facts: lengths, alphabets, separators).
 */
import { END, type SeparatedRule, separated } from "../shape-rule.js";
import { hexPair, looksRandomToken, mixedCase } from "./accepts.js";

const HEX = "[a-fA-F0-9]";
// Twitter's bearer tokens start with a run of `A` (zero bytes in base64); what follows carries the randomness.
const bearerTail = (token: string) => looksRandomToken(token.replace(/^A+/, "")) && /[a-z]/.test(token);

// `<6>_<29>_mmk`, letters and digits in both parts.
const maxMindKey = (token: string) =>
  /^[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk$/.test(token) && mixedCase(token.slice(0, 6) + token.slice(7, 36));

// Dropbox's long-lived tokens hold ten `A` after 11 characters; Twitter's bearer tokens start with 20 or more.
const TEN_A = "A".repeat(10);

export const SEPARATED_RULES: readonly SeparatedRule[] = [
  separated("Telegram bot token", "[0-9]", [5, 16], ":", `A[A-Za-z0-9_-]{34}${END}`),
  separated("Mailchimp API key", HEX, [32, 32], "-", `us\\d{1,2}${END}`),
  // App access tokens: the app id, `|` (or `%7C` encoded, which gitleaks writes as `%`), the app secret.
  separated("Facebook access token", "[0-9]", [15, 16], "|", `[A-Za-z0-9_-]{27,40}${END}`),
  separated("Facebook access token", "[0-9]", [15, 16], "%", `(?:7C)?[A-Za-z0-9_-]{27,40}${END}`),
  separated("Twitter access token", "[0-9]", [15, 25], "-", `[A-Za-z0-9]{20,40}${END}`),
  separated("Mailgun webhook signing key", "[a-hA-H0-9]", [32, 32], "-", `[a-hA-H0-9]{8}-[a-hA-H0-9]{8}${END}`),
  separated("Sidekiq credentials", HEX, [8, 8], ":", `${HEX}{8}(?![A-Za-z0-9_-]|:[A-Za-z0-9])`, hexPair),
  separated("Dropbox token", "[A-Za-z0-9]", [11, 11], TEN_A, `[A-Za-z0-9_=-]{43}(?![A-Za-z0-9_+/-])`),
  // indexOf finds the run of `A` at its start, so nothing comes before the separator; the rest of the run follows.
  separated("Twitter bearer token", "A", [0, 0], TEN_A, `A{10}[A-Za-z0-9%]{80,102}(?![A-Za-z0-9%_+/-])`, bearerTail),
  separated("MaxMind license key", "[A-Za-z0-9_]", [36, 36], "_mmk", END, maxMindKey),
];
