/**
 * Messaging, e-mail, productivity, observability and developer platforms. Sources: each provider's published
 * format, cross-checked against the public gitleaks and secretlint rule sets (as facts: prefixes, lengths, alphabets).
 */
import { END, type PrefixRule, prefixed } from "../shape-rule.js";
import { decodesTo, looksRandomToken, looksRandomUpper, notIdentifier, notWordy } from "./accepts.js";

const HEX = "[a-fA-F0-9]";
const UUID = "[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}";

// Discord bot tokens: the bot's user id (a snowflake of 17 to 20 digits) in base64, `.`, a 6-character timestamp,
// `.`, an HMAC. The id's first two digits fix the first two characters (`MT`, `Mj`, `ND`…); the id must decode.
const snowflake = decodesTo(/^[1-9][0-9]{16,19}$/);
const discordToken = (token: string) => {
  const [id = "", , hmac = ""] = token.split(".");
  return snowflake(id) && looksRandomToken(hmac);
};
// Intercom access tokens are base64 of `tok:`, a UUID with `_` for `-`, and `:1:0`: `dG9rO`, then `j` or `m` as the
// UUID starts with a digit or a letter.
const INTERCOM = "dG9rO";
const intercomRecord = decodesTo(/^tok:[0-9a-f]{8}(?:_[0-9a-f]{4}){3}_[0-9a-f]{12}:[0-9]+:[0-9]+$/, INTERCOM);

export const MESSAGING: PrefixRule[] = [
  prefixed("Slack token", "xox xap", "(?:xox[abposre]|xoxe\\.xox[bpBP]|xapp)-([A-Za-z0-9-]{24,})"),
  // App-level tokens are `xapp-<n>-<app id>-<digits>-<secret>`: the structure is the shape, whatever the lengths.
  prefixed("Slack token", "xap", `xapp-(\\d-[A-Za-z0-9]+-\\d+-[A-Za-z0-9]+)${END}`, looksRandomUpper),
  prefixed("Twilio API key", "SK", "SK([0-9a-fA-F]{32})(?![A-Za-z0-9])"),
  prefixed(
    "SendGrid API key",
    "SG.",
    `SG\\.([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}|[A-Za-z0-9_=.-]{66})${END}`,
    notWordy,
  ),
  prefixed("Mailgun API key", "key", `key-(${HEX}{32})(?![A-Za-z0-9])`),
  prefixed("Brevo API key", "xke", `xkeysib-(${HEX}{64}-[A-Za-z0-9]{16})${END}`),
  prefixed("Facebook access token", "EAA", "EAA([A-Za-z0-9]{90,})"),
  prefixed("Beamer API key", "b_", `b_([A-Za-z0-9_=-]{44})${END}`, notIdentifier),
  prefixed("Dropbox token", "sl.", "sl\\.([A-Za-z0-9_=-]{100,})", notWordy),
  prefixed("Adobe client secret", "p8e", `p8e-([A-Za-z0-9]{32})${END}`),
  prefixed(
    "Discord bot token",
    "MT Mj Mz ND NT Nj Nz OD OT",
    `((?:M[Tjz]|N[DTjz]|O[DT])[A-Za-z0-9_-]{21,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38})${END}`,
    discordToken,
  ),
  prefixed(
    "Intercom access token",
    "dG9",
    `${INTERCOM}([jm][A-Za-z0-9+/]{50,60}={0,2})(?![A-Za-z0-9+/=])`,
    intercomRecord,
  ),
];

export const WORK: PrefixRule[] = [
  prefixed("Sentry token", "snt", `(?:sntryu_(${HEX}{64})${END}|sntrys_([A-Za-z0-9+/=_]{60,}))`),
  prefixed("Grafana token", "glc gls", "(?:glc_([A-Za-z0-9+/]{32,}={0,2})|glsa_([A-Za-z0-9]{32}_[A-Fa-f0-9]{8}))"),
  prefixed("Grafana token", "eyJ", "eyJrIjoi([A-Za-z0-9]{50,}={0,2})"),
  prefixed(
    "New Relic key",
    "NRA NRI NRJ",
    "NR(?:AK-([A-Za-z0-9]{27})|II-([A-Za-z0-9_-]{32})|JS-([a-fA-F0-9]{19}))(?![A-Za-z0-9])",
  ),
  prefixed("Linear API key", "lin", "lin_(?:api|oauth)_([A-Za-z0-9]{40,})"),
  prefixed("Notion token", "ntn sec", `(?:ntn_([A-Za-z0-9]{40,})|secret_([A-Za-z0-9]{43})${END})`, notIdentifier),
  prefixed("Airtable token", "pat", `pat([A-Za-z0-9]{14}\\.${HEX}{64})${END}`),
  prefixed("HubSpot token", "pat", `pat-(?:na|eu)[12]-(${UUID})${END}`, looksRandomUpper),
  prefixed("Contentful token", "CFP", `CFPAT-([A-Za-z0-9_-]{43})${END}`),
  prefixed("Mapbox secret token", "sk.", "sk\\.(eyJ[A-Za-z0-9_-]{50,}\\.[A-Za-z0-9_-]{20,})"),
  prefixed("Prefect API key", "pnu", "pnu_([A-Za-z0-9]{36})(?![A-Za-z0-9])"),
  prefixed("SettleMint token", "sm_", `sm_(?:aat|pat|sat)_([A-Za-z0-9]{16})${END}`),
  prefixed("42 intranet client secret", "s-s", `s-s4t2(?:ud|af)-(${HEX}{64})${END}`),
  prefixed("Adafruit IO key", "aio", `aio_([A-Za-z0-9]{28})${END}`, notIdentifier),
  // Access tokens, server-side SDK keys and mobile keys: the kind, `-`, a UUID.
  prefixed("LaunchDarkly key", "api sdk mob", `(?:api|sdk|mob)-(${UUID})${END}`, looksRandomUpper),
];
