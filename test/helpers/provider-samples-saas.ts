/** Samples of messaging, payments, productivity and observability tokens, each with its near-miss. */
import {
  ALNUM,
  around,
  B64,
  B64URL,
  DIGITS,
  drawUntil,
  fixed,
  HEX,
  j,
  LOWER,
  type ProviderSample,
  pick,
  pickRandom,
  type Rand,
  UPPER,
  uuid,
} from "./provider-sample-builders.js";

const base64 = (text: string, alphabet: BufferEncoding = "base64") => Buffer.from(text).toString(alphabet);
// A Discord bot token for the user id `id`: the id in base64url, a timestamp, an HMAC.
const discordToken = (r: Rand, id: string) =>
  [base64(id, "base64url"), pick(r, B64URL, 6), pick(r, B64URL, 27)].join(".");
// An Intercom access token around `id`: base64 of the format's record.
const intercomToken = (id: string) => base64(j("to", "k:", id, ":1:0"));

export const SAAS_SAMPLES: readonly ProviderSample[] = [
  fixed("Twilio API key", ["S", "K"], HEX, 32, "SK"),
  around(
    "SendGrid API key",
    "SG.",
    (r, n) => j("S", "G.", pickRandom(r, B64URL, 22), ".", pickRandom(r, B64URL, n)),
    43,
  ),
  fixed("Mailgun API key", ["ke", "y-"], HEX, 32),
  fixed("Shopify token", ["sh", "pat_"], HEX, 32),
  fixed("Shippo token", ["shi", "ppo_live_"], HEX, 40),
  fixed("Stripe live key", ["sk", "_prod_"], ALNUM, 24, "sk_prod_", 19),
  fixed("Stripe webhook secret", ["wh", "sec_"], B64, 32, "whsec_", 31),
  fixed("Square token", ["sq", "0atp-"], B64URL, 22, "sq0atp-", 21),
  {
    kind: "Facebook access token",
    label: "EAA…",
    build: (r) => j("EA", "AG", pick(r, ALNUM, 150)),
    nearMiss: (r) => j("EA", "A", pick(r, ALNUM, 89)),
  },
  fixed("Sentry token", ["snt", "ryu_"], HEX, 64),
  fixed("Grafana token", ["gl", "c_"], B64, 80, "glc_", 31),
  around("Grafana token", "glsa_", (r, n) => j("gl", "sa_", pick(r, ALNUM, 32), "_", pick(r, HEX, n)), 8),
  fixed("New Relic key", ["NR", "AK-"], UPPER + DIGITS, 27),
  fixed("Linear API key", ["li", "n_api_"], ALNUM, 40),
  fixed("Notion token", ["nt", "n_"], ALNUM, 46, "ntn_", 39),
  around("Airtable token", "pat…", (r, n) => j("pa", "t", pick(r, ALNUM, 14), ".", pick(r, HEX, n)), 64),
  {
    kind: "HubSpot token",
    label: "pat-na1-",
    build: (r) => j("pa", "t-na1-", uuid(r)),
    nearMiss: (r) => j("pa", "t-na1-", uuid(r).slice(0, -1)),
  },
  fixed("Contentful token", ["CF", "PAT-"], B64URL, 43),
  around(
    "Mapbox secret token",
    "sk.eyJ",
    (r, n) => j("sk", ".eyJ", pick(r, B64URL, n), ".", pick(r, B64URL, 22)),
    60,
    49,
  ),
  fixed("Prefect API key", ["pn", "u_"], ALNUM, 36),
  around("Brevo API key", "xkeysib-", (r, n) => j("xkey", "sib-", pick(r, HEX, 64), "-", pick(r, ALNUM, n)), 16),
  fixed("Beamer API key", ["b", "_"], ALNUM, 44, "b_"),
  fixed("Dropbox token", ["s", "l."], ALNUM, 135, "sl.", 99),
  fixed("Adobe client secret", ["p8", "e-"], ALNUM, 32),
  {
    kind: "Discord bot token",
    label: "<user id>.<time>.<HMAC>",
    build: (r) => discordToken(r, j(pick(r, "123456789", 1), pick(r, DIGITS, 17))),
    // Starts as an id of two digits would, but decodes to letters after them: not a user id.
    nearMiss: (r) => discordToken(r, j("12", pick(r, LOWER, 16))),
  },
  {
    kind: "Intercom access token",
    label: "base64 of tok:<id>",
    build: (r) => intercomToken(uuid(r).replaceAll("-", "_")),
    nearMiss: (r) => intercomToken(pick(r, ALNUM, 36)),
  },
  fixed("Adafruit IO key", ["ai", "o_"], ALNUM, 28),
  {
    kind: "LaunchDarkly key",
    label: "sdk-",
    build: (r) => j("sd", "k-", uuid(r)),
    nearMiss: (r) => j("sd", "k-", uuid(r).slice(0, -1)),
  },
  fixed("SettleMint token", ["sm", "_pat_"], ALNUM, 16),
  fixed("42 intranet client secret", ["s-s4", "t2ud-"], HEX, 64),
  {
    ...fixed("Freemius secret key", ["s", "k_"], `${ALNUM}!#%^+=~`, 29, "sk_ (Freemius)"),
    // A symbol inside the key, as the published keys hold several: one only at its end reads as the punctuation after
    // a name with digits in it (`…yan42NS9I2W9uy3w#`).
    build: (r) =>
      j(
        "s",
        "k_",
        drawUntil(
          r,
          (q) => pickRandom(q, `${ALNUM}!#%^+=~`, 29),
          (body) => /[^A-Za-z0-9]/.test(body.slice(0, -1)),
        ),
      ),
  },
  fixed("EasyPost API key", ["EZ", "AK"], ALNUM, 54),
  fixed("Duffel API token", ["duf", "fel_live_"], ALNUM, 43),
  around("Flutterwave secret key", "FLWSECK_TEST-", (r, n) => j("FLW", "SECK_TEST-", pick(r, HEX, n), "-X"), 32, 31),
  // The encryption key: 12 lower-case hex digits, no run long enough to read as a digest.
  around(
    "Flutterwave secret key",
    "FLWSECK_TEST-<12 hex>",
    (r, n) =>
      j(
        "FLW",
        "SECK_TEST-",
        drawUntil(
          r,
          (q) => pickRandom(q, HEX, n),
          (b) => /[0-9]/.test(b) && /[a-f]/.test(b),
        ),
      ),
    12,
    11,
  ),
  {
    kind: "Plaid access token",
    label: "access-sandbox-",
    build: (r) => j("acc", "ess-sandbox-", uuid(r)),
    nearMiss: (r) => j("acc", "ess-sandbox-", uuid(r).slice(0, -1)),
  },
  fixed("Lob API key", ["li", "ve_"], HEX, 35, "live_ (Lob)"),
  fixed("GoCardless access token", ["li", "ve_"], ALNUM, 40, "live_ (GoCardless)"),
  fixed("Square token", ["EA", "AA"], ALNUM, 30, "EAAA (short)", 21),
  fixed("SendGrid API key", ["S", "G."], `${ALNUM}=._-`, 66, "SG. (66 characters)"),
  fixed("Slack token", ["xoxe.", "xoxp-1-"], ALNUM, 163, "xoxe.xoxp-", 16),
  around(
    "Slack token",
    "xapp-1-<app>-<n>-<secret> (short)",
    (r, n) => j("xa", "pp-1-A", pick(r, UPPER + DIGITS, 9), "-", pick(r, DIGITS, 4), "-", pick(r, ALNUM, n)),
    8,
    0,
  ),
];
