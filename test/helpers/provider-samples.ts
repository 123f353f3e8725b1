/**
 * One real-shaped token per provider the guard knows by shape, and a near-miss of each that must pass (a character
 * short, the wrong alphabet, a word where the random part goes). Generated from a seed; every prefix is assembled
 * from parts so that scanners find nothing in this file.
 */
import { base62, crc32 } from "../../src/secret-guard/checksum.js";
import { ALNUM, pick, type Rand } from "./secret-samples.js";

export interface ProviderSample {
  readonly kind: string;
  readonly label: string;
  readonly build: (rand: Rand) => string;
  /** Close to the shape, but not it: must pass. */
  readonly nearMiss: (rand: Rand) => string;
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const HEX = "0123456789abcdef";
const B64URL = `${ALNUM}-_`;
const B64 = `${ALNUM}+/`;
const BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";
const j = (...parts: string[]) => parts.join("");
const uuid = (r: Rand) => [8, 4, 4, 4, 12].map((n) => pick(r, HEX, n)).join("-");

/** A provider whose token is a prefix and `n` characters of `alphabet`; the near-miss has `n - 1`. */
function fixed(
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
    build: (r: Rand) => j(...prefix, pick(r, alphabet, n)),
    nearMiss: (r: Rand) => j(...prefix, pick(r, alphabet, short)),
  };
}

/** A token built around a random middle: `before + pick(n) + after`, the near-miss one character short. */
function around(
  kind: string,
  label: string,
  parts: (r: Rand, n: number) => string,
  n: number,
  short = n - 1,
): ProviderSample {
  return { kind, label, build: (r) => parts(r, n), nearMiss: (r) => parts(r, short) };
}

function githubChecksummed(r: Rand): string {
  const body = pick(r, ALNUM, 30);
  return j("gh", "p_", body, base62(crc32(body), 6));
}

export const PROVIDER_SAMPLES: readonly ProviderSample[] = [
  fixed("Groq API key", ["gs", "k_"], ALNUM, 52),
  fixed("xAI API key", ["xa", "i-"], ALNUM, 80),
  fixed("Perplexity API key", ["pp", "lx-"], ALNUM, 48),
  fixed("Replicate API token", ["r8", "_"], ALNUM, 37),
  {
    kind: "Hugging Face token",
    label: "api_org_",
    build: (r) => j("api", "_org_", pick(r, UPPER + LOWER, 34)),
    nearMiss: () => j("h", "f_", "initWithFrameAndStyleOptionsForTheView:"),
  },
  around("LangSmith API key", "lsv2_pt_", (r, n) => j("ls", "v2_pt_", pick(r, HEX, 32), "_", pick(r, HEX, n)), 10),
  {
    kind: "GitHub token",
    label: "ghp_ with its checksum",
    build: githubChecksummed,
    nearMiss: (r) => githubChecksummed(r).slice(0, -1),
  },
  fixed("Bitbucket app password", ["AT", "BB"], ALNUM, 32, "ATBB"),
  around("Atlassian API token", "ATATT3", (r, n) => j("AT", "ATT3", pick(r, B64URL, n)), 186),
  around("Sourcegraph token", "sgp_", (r, n) => j("sg", "p_", pick(r, HEX, 16), "_", pick(r, HEX, n)), 40),
  fixed("Buildkite token", ["bk", "ua_"], HEX, 40),
  fixed("SonarQube token", ["sq", "p_"], HEX, 40),
  {
    kind: "PyPI token",
    label: "pypi-",
    build: (r) => j("py", "pi-", "AgEIcHlwaS5vcmc", pick(r, B64URL, 70)),
    nearMiss: (r) => j("py", "pi-", pick(r, B64URL, 85)),
  },
  fixed("RubyGems API key", ["ruby", "gems_"], HEX, 48),
  fixed("Clojars token", ["CLO", "JARS_"], LOWER + DIGITS, 60),
  fixed("Docker Hub token", ["dc", "kr_pat_"], B64URL, 27),
  fixed("JFrog token", ["AK", "Cp"], ALNUM, 69),
  fixed("Pulumi token", ["pu", "l-"], HEX, 40),
  around("Postman API key", "PMAK-", (r, n) => j("PM", "AK-", pick(r, HEX, 24), "-", pick(r, HEX, n)), 34),
  fixed("Figma token", ["fi", "gd_"], B64URL, 40),
  fixed("Vault token", ["hv", "s."], B64URL, 90, "hvs.", 23),
  fixed("Doppler token", ["dp", ".pt."], ALNUM, 43),
  fixed("1Password service account token", ["op", "s_", "eyJ"], B64, 250, "ops_", 90),
  around(
    "1Password secret key",
    "A3-",
    (r, n) =>
      ["A3", pick(r, UPPER, 6), pick(r, UPPER + DIGITS, 11), ...[n, 5, 5].map((k) => pick(r, DIGITS + UPPER, k))].join(
        "-",
      ),
    5,
  ),
  fixed("age secret key", ["AGE-SECRET", "-KEY-1"], BECH32, 58),
  around(
    "Tailscale key",
    "tskey-auth-",
    (r, n) => j("ts", "key-auth-", pick(r, ALNUM, 12), "-", pick(r, ALNUM, n)),
    32,
    27,
  ),
  fixed("AWS access key id", ["A3", "TA"], UPPER + DIGITS, 16, "A3T"),
  fixed("Alibaba Cloud access key id", ["LT", "AI"], ALNUM, 20, "LTAI", 11),
  fixed("Google OAuth client secret", ["GOC", "SPX-"], B64URL, 28),
  fixed("Google OAuth token", ["ya", "29."], B64URL, 120, "ya29.", 29),
  fixed("Google OAuth token", ["1/", "/0"], B64URL, 100, "1//0 (refresh)", 29),
  fixed("DigitalOcean token", ["do", "p_v1_"], HEX, 64),
  {
    kind: "Heroku API key",
    label: "HRKU-",
    build: (r) => j("HR", "KU-", "AA", pick(r, B64URL, 58)),
    nearMiss: (r) => j("HR", "KU-", pick(r, B64URL, 57)),
  },
  fixed("Cloudflare API token", ["cf", "ut_"], ALNUM, 48, "cfut_", 39),
  around("Cloudflare Origin CA key", "v1.0-", (r, n) => j("v1", ".0-", pick(r, HEX, 24), "-", pick(r, HEX, n)), 146),
  fixed("Databricks token", ["da", "pi"], HEX, 32),
  fixed("Supabase token", ["sb", "p_"], HEX, 40),
  fixed("PlanetScale token", ["ps", "cale_tkn_"], B64URL, 43, "pscale_tkn_", 31),
  around(
    "Dynatrace token",
    "dt0c01.",
    (r, n) => j("dt", "0c01.", pick(r, UPPER + DIGITS, 24), ".", pick(r, UPPER + DIGITS, n)),
    64,
  ),
  fixed("Twilio API key", ["S", "K"], HEX, 32, "SK"),
  around("SendGrid API key", "SG.", (r, n) => j("S", "G.", pick(r, B64URL, 22), ".", pick(r, B64URL, n)), 43),
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
  {
    kind: "Microsoft Teams webhook URL",
    label: "webhook.office.com",
    build: (r) =>
      j(
        "https://contoso.web",
        "hook.office.com/webhookb2/",
        uuid(r),
        "@",
        uuid(r),
        "/IncomingWebhook/",
        pick(r, HEX, 32),
        "/",
        uuid(r),
      ),
    nearMiss: () => j("https://contoso.web", "hook.office.com/webhookb2/", "your-webhook-path"),
  },
  around(
    "Discord webhook URL",
    "discord.com/api/webhooks",
    (r, n) => j("https://discord.com/api/", "webhooks/", pick(r, DIGITS, 18), "/", pick(r, B64URL, n)),
    68,
    59,
  ),
  around("Telegram bot token", "<id>:AA…", (r, n) => j(pick(r, DIGITS, 10), ":A", "A", pick(r, B64URL, n)), 33),
  around(
    "Azure AD client secret",
    "…Q~…",
    (r, n) => j(pick(r, ALNUM, 3), pick(r, DIGITS, 1), "Q", "~", pick(r, ALNUM, n)),
    34,
    30,
  ),
  around("Mailchimp API key", "…-us21", (r, n) => j(pick(r, HEX, n), "-u", "s21"), 32),
  around("New Relic key", "…NRAL", (r, n) => j(pick(r, HEX, n), "NR", "AL"), 36),
  around(
    "Terraform Cloud token",
    "….atlasv1.…",
    (r, n) => j(pick(r, ALNUM, n), ".atlas", "v1.", pick(r, B64URL, 67)),
    14,
  ),
  {
    kind: "PuTTY private key",
    label: "PuTTY-User-Key-File-3",
    build: (r) =>
      [
        j("PuTTY-User-Key-", "File-3: ssh-ed25519"),
        "Encryption: none",
        "Comment: ada@laptop",
        "Public-Lines: 2",
        pick(r, B64, 64),
        pick(r, B64, 20),
        j("Private-", "Lines: 1"),
        pick(r, B64, 44),
        `Private-MAC: ${pick(r, HEX, 64)}`,
      ].join("\n"),
    nearMiss: () => j("the file starts with PuTTY-User-Key-", "File-3: ssh-ed25519 and holds the key"),
  },
];
