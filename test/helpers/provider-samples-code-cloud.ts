/** Samples of AI, code hosting, registry, secrets-manager and cloud tokens, each with its near-miss. */
import { base62, crc32 } from "../../src/secret-guard/checksum.js";
import {
  ALNUM,
  around,
  B64,
  B64URL,
  BECH32,
  DIGITS,
  fixed,
  HEX,
  j,
  LOWER,
  type ProviderSample,
  pick,
  pickRandom,
  type Rand,
  UPPER,
} from "./provider-sample-builders.js";

// What a short-lived Bedrock key encodes: a presigned URL for the service's host.
const bedrockUrl = (r: Rand) =>
  [
    "bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256",
    `&X-Amz-Credential=${j("AS", "IA")}${pick(r, UPPER + DIGITS, 16)}%2F20260101%2Fus-east-1%2Fbedrock%2Faws4_request`,
    `&X-Amz-Date=20260101T000000Z&X-Amz-Expires=43200&X-Amz-Security-Token=${pick(r, B64, 120)}`,
    `&X-Amz-Signature=${pick(r, HEX, 64)}&Version=1`,
  ].join("");

const base64 = (text: string) => Buffer.from(text).toString("base64");

// A JFrog reference token around `secret`: base64 of the format's record, with an expiry of 10 digits.
const jfrogReference = (r: Rand, secret: string) => base64(j("reft", "kn:01:", pick(r, DIGITS, 10), ":", secret));

function githubChecksummed(r: Rand): string {
  const body = pick(r, ALNUM, 30);
  return j("gh", "p_", body, base62(crc32(body), 6));
}

export const CODE_AND_CLOUD_SAMPLES: readonly ProviderSample[] = [
  fixed("Groq API key", ["gs", "k_"], ALNUM, 52),
  fixed("xAI API key", ["xa", "i-"], ALNUM, 80),
  fixed("Perplexity API key", ["pp", "lx-"], ALNUM, 48),
  fixed("Replicate API token", ["r8", "_"], ALNUM, 37),
  {
    kind: "Hugging Face token",
    label: "api_org_",
    build: (r) => j("api", "_org_", pickRandom(r, UPPER + LOWER, 34)),
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
  {
    kind: "JFrog token",
    label: "reference token",
    build: (r) => jfrogReference(r, pick(r, ALNUM, 27)),
    // As long, but its secret holds a character the format never gives one.
    nearMiss: (r) => jfrogReference(r, j(pick(r, ALNUM, 26), "!")),
  },
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
  // Bedrock's long-lived keys: base64 of `BedrockAPIKey-<id>-at-<account>:<secret>`; the near-miss is too short.
  around(
    "AWS Bedrock API key",
    "ABSK… (long-lived)",
    (r, n) =>
      j(
        "AB",
        "SK",
        base64(j("Bedrock", "APIKey-", pick(r, ALNUM, 4), "-at-", pick(r, DIGITS, 12), ":", pick(r, B64, n))),
      ),
    60,
    40,
  ),
  {
    kind: "AWS Bedrock API key",
    label: "bedrock-api-key- (short-lived)",
    build: (r) => j("bedrock", "-api-key-", base64(bedrockUrl(r))),
    // The prefix and the encoded host alone, as documentation names the format.
    nearMiss: () => j("bedrock", "-api-key-", base64("bedrock.amazonaws.com")),
  },
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
  fixed("Netlify token", ["nf", "p_"], ALNUM, 36),
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
  fixed("GitLab token", ["glf", "fct-"], ALNUM, 20),
  fixed("GitLab token", ["glo", "as-"], ALNUM, 64, "gloas-", 19),
  fixed("GitLab token", ["GR13", "48941"], ALNUM, 20),
  fixed("GitLab session cookie", ["_gitlab", "_session="], LOWER + DIGITS, 32),
  around(
    "Harness token",
    "pat.<id>.<id>.<secret>",
    (r, n) => j("pa", "t.", pick(r, ALNUM, 22), ".", pick(r, ALNUM, 24), ".", pick(r, ALNUM, n)),
    20,
  ),
  fixed("Infracost API key", ["ic", "o-"], ALNUM, 32),
  fixed("Scalingo API token", ["tk-", "us-"], ALNUM, 48),
  fixed("Octopus Deploy API key", ["AP", "I-"], UPPER + DIGITS, 26),
  fixed("ReadMe API key", ["rd", "me_"], LOWER + DIGITS, 70),
  fixed("Frame.io token", ["fio", "-u-"], ALNUM, 64),
  fixed("Typeform token", ["tf", "p_"], ALNUM, 59),
  fixed("Vault token", ["s", "."], ALNUM, 24, "s. (before Vault 1.10)"),
  around(
    "Defined Networking API key",
    "dnkey-",
    (r, n) => j("dn", "key-", pick(r, ALNUM, 26), "-", pick(r, ALNUM, n)),
    52,
  ),
  around(
    "Authress access key",
    "authress_….acc_…",
    (r, n) =>
      j(
        "auth",
        "ress_",
        pick(r, ALNUM, 12),
        ".",
        pick(r, LOWER, 5),
        ".ac",
        "c_",
        pick(r, ALNUM, 20),
        ".",
        pick(r, ALNUM, n),
      ),
    60,
    29,
  ),
  fixed("Okta API token", ["0", "0"], ALNUM, 40, "00 (Okta)"),
  fixed("Fly.io token", ["fm", "2_"], B64, 120, "fm2_", 99),
  fixed("Fly.io token", ["fo", "1_"], ALNUM, 43),
  fixed("OpenShift token", ["sha", "256~"], ALNUM, 43),
  fixed("ClickHouse Cloud key", ["4b", "1d"], ALNUM, 38, "4b1d"),
  around("Yandex Cloud token", "t1.", (r, n) => j("t", "1.", pick(r, ALNUM, 80), ".", pick(r, ALNUM, n)), 86),
  fixed("Yandex Cloud API key", ["AQ", "VN"], ALNUM, 36, "AQVN", 34),
  fixed("Yandex Cloud access key", ["Y", "C"], ALNUM, 38, "YC"),
];
