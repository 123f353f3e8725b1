/**
 * Payments, commerce, shipping and finance. Sources: each provider's published format, cross-checked against the
 * public gitleaks and secretlint rule sets (as facts: prefixes, lengths, alphabets).
 */

import { entropy, isIdentifierLike, isPlaceholder } from "../randomness.js";
import { END, type PrefixRule, prefixed } from "../shape-rule.js";
import { looksRandomSecret, looksRandomUpper, notIdentifier } from "./accepts.js";

const HEX = "[a-fA-F0-9]";
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;
// Printable ASCII but the blank, the quotes, the backtick and the backslash.
const FREEMIUS = "[!#-&(-\\[\\]-_a-~]";

// A snake_case name with a number in it (`sk_fermentum_vitae_tortor_10000`, maybe then the comma that ends a clause)
// reads as random to looksRandomSecret (its digit run is too long for an identifier's); without its digits and that
// punctuation it is a name, not a key.
const freemiusKey = (body: string) =>
  looksRandomSecret(body) && !isIdentifierLike(body.replace(/[0-9]+/g, "").replace(/[^A-Za-z_.-]+$/, ""));

// Flutterwave writes its keys in lower-case hex: a 12-character encryption key holds no run long enough to read as a
// digest, so letters and digits both present and about 2.5 bits a character (random hex of 12 has 3.1) suffice.
const hexDigits = (body: string) =>
  /[0-9]/.test(body) && /[a-h]/i.test(body) && entropy(body) >= 2.5 && !isPlaceholder(body);

export const PAYMENTS: PrefixRule[] = [
  prefixed("Stripe live key", "sk_ rk_", "(?:sk|rk)_(?:live|prod)_([A-Za-z0-9]{20,})"),
  prefixed("Stripe test key", "sk_ rk_", "(?:sk|rk)_test_([A-Za-z0-9]{20,})"),
  prefixed("Stripe webhook secret", "whs", "whsec_([A-Za-z0-9+/]{32,})"),
  // Freemius secret keys: `sk_` and 29 printable ASCII characters, symbols among them but no quote or backslash (as
  // Freemius's published keys are), then a blank, a quote, a bracket or punctuation; three character classes, so not
  // a name. Not right after a backslash: `C:\Users\sk_…` is a folder of a Windows path, not a key.
  prefixed("Freemius secret key", "sk_", `(?<!\\\\)sk_(${FREEMIUS}{29})(?=[\\s'"\`<>(),;=:.!?]|$)`, freemiusKey),
  prefixed("Square token", "sq0 EAA", `(?:sq0(?:atp|csp)-([A-Za-z0-9_-]{22,})|EAAA([A-Za-z0-9_-]{22,60})${END})`),
  prefixed("Shopify token", "shp", "shp(?:at|ca|pa|ss)_([a-fA-F0-9]{32})(?![A-Za-z0-9])"),
  prefixed("Shippo token", "shi", `shippo_(?:live|test)_(${HEX}{40})${END}`),
  prefixed("EasyPost API key", "EZA EZT", `EZ[AT]K([A-Za-z0-9]{54})${END}`),
  prefixed("Duffel API token", "duf", `duffel_(?:test|live)_([A-Za-z0-9_=-]{43})${END}`),
  prefixed("Flutterwave secret key", "FLW", `FLWSECK(?:_TEST)?-([a-hA-H0-9]{32}-X|[a-hA-H0-9]{12})${END}`, hexDigits),
  prefixed("Plaid access token", "acc", `access-(?:sandbox|development|production)-(${UUID})${END}`, looksRandomUpper),
  prefixed("Lob API key", "liv tes", `(?:live|test)_(${HEX}{35})${END}`),
  prefixed("GoCardless access token", "liv", `live_([A-Za-z0-9_=-]{40})${END}`, notIdentifier),
];
