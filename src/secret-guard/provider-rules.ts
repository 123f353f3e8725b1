/**
 * Provider tokens recognised by their prefix, length and alphabet (and checksum, where the format has one). Rules
 * sharing a start are tried in this order, so a longer prefix comes before a shorter one (`sk-ant-` before `sk-`).
 * Sources: each provider's published format, cross-checked against the public gitleaks and secretlint rule sets.
 */
import { hasTokenChecksum } from "./checksum.js";
import { isIdentifierLike, isWordy, looksRandomToken, looksRandomUpper } from "./randomness.js";
import { END, type PrefixRule, prefixed } from "./shape-rule.js";

const notWordy = (body: string) => looksRandomToken(body) && !isWordy(body);
// A camelCase name after the prefix is code (`hf_initWithFrameAndStyle…` is an Objective-C selector), while random
// letters never break into humps of 3+ letters with vowels; isWordy would also pass ~3 % of random letter tokens.
const notIdentifier = (body: string) => looksRandomToken(body) && !isIdentifierLike(body);
// OpenAI keys carry "OpenAI" in base64 in their middle; otherwise the body must not read like words, because
// `sk-` also starts ordinary names (`sk-ThisIsMyProjectName…`).
const openAiBody = (body: string) => body.includes("T3BlbkFJ") || notWordy(body);
// GitHub and npm tokens end in a CRC32 of their body: a valid one proves the shape whatever the letters read like.
const checksummed = (body: string) => hasTokenChecksum(body) || looksRandomToken(body);
const upperWithoutDashes = (body: string) => looksRandomUpper(body.replaceAll("-", ""));
const HEX = "[a-f0-9]";
const UUID = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;

const AI: PrefixRule[] = [
  prefixed("Anthropic API key", "sk-", "sk-ant-([A-Za-z0-9_-]{32,})"),
  prefixed("OpenAI API key", "sk-", "sk-(?!ant-)(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{32,})", openAiBody),
  prefixed("Groq API key", "gsk", `gsk_([A-Za-z0-9]{52})${END}`),
  prefixed("xAI API key", "xai", `xai-([A-Za-z0-9]{80})${END}`),
  prefixed("Perplexity API key", "ppl", `pplx-([A-Za-z0-9]{48})${END}`),
  prefixed("Replicate API token", "r8_", `r8_([A-Za-z0-9]{37})${END}`),
  prefixed("Hugging Face token", "hf_ api", "(?:hf_|api_org_)([A-Za-z0-9]{30,})", notIdentifier),
  prefixed("LangSmith API key", "lsv", `lsv2_(?:pt|sk)_(${HEX}{32}_${HEX}{10})${END}`),
];

const CODE: PrefixRule[] = [
  prefixed("GitHub token", "ghp gho ghu ghs ghr", "gh[pousr]_([A-Za-z0-9]{36,})", checksummed),
  prefixed("GitHub fine-grained token", "git", "github_pat_([A-Za-z0-9_]{50,})"),
  prefixed(
    "GitLab token",
    "glp gld glr glf glc gli gls gla",
    "gl(?:pat|dt|rt|ptt|ft|cbt|imt|soat|agent)-([A-Za-z0-9_.-]{20,})",
  ),
  prefixed("Bitbucket app password", "ATB", "ATBB([A-Za-z0-9_=.-]{32,})"),
  prefixed("Atlassian API token", "ATA ATC", "AT[AC]TT3([A-Za-z0-9_=-]{186,})"),
  prefixed("Sourcegraph token", "sgp", `sgp_((?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40})${END}`),
  prefixed("Buildkite token", "bku", `bkua_(${HEX}{40})${END}`),
  prefixed("SonarQube token", "sqp squ sqa", `sq[pua]_(${HEX}{40})${END}`),
  prefixed("npm token", "npm", "npm_([A-Za-z0-9]{36,})", checksummed),
  prefixed("PyPI token", "pyp", "pypi-(AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})"),
  prefixed("RubyGems API key", "rub", `rubygems_(${HEX}{48})${END}`),
  prefixed("Clojars token", "CLO", "CLOJARS_([a-z0-9]{60})", looksRandomUpper),
  prefixed("Docker Hub token", "dck", "dckr_(?:pat|oat)_([A-Za-z0-9_-]{27,})"),
  prefixed("JFrog token", "AKC", "AKCp([A-Za-z0-9]{69,})"),
  prefixed("Pulumi token", "pul", `pul-(${HEX}{40})${END}`),
  prefixed("Postman API key", "PMA", `PMAK-(${HEX}{24}-${HEX}{34})${END}`),
  prefixed("Figma token", "fig", "figd_([A-Za-z0-9_-]{40,})"),
];

const SECRETS: PrefixRule[] = [
  prefixed("Vault token", "hvs hvb hvr", "hv[sbr]\\.([A-Za-z0-9_-]{24,})"),
  prefixed("Doppler token", "dp.", "dp\\.(?:pt|st|sa|ct|scim|audit)\\.([A-Za-z0-9]{43})(?![A-Za-z0-9])"),
  prefixed("1Password service account token", "ops", "ops_(eyJ[A-Za-z0-9+/=_-]{100,})"),
  prefixed(
    "1Password secret key",
    "A3-",
    "A3-([A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})(?![A-Za-z0-9])",
    upperWithoutDashes,
  ),
  prefixed("age secret key", "AGE", "AGE-SECRET-KEY-1([QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})", looksRandomUpper),
  prefixed("Tailscale key", "tsk", "tskey-(?:auth|api|client|webhook|scim)-([A-Za-z0-9]+-[A-Za-z0-9]{28,})"),
];

const CLOUD: PrefixRule[] = [
  prefixed(
    "AWS access key id",
    "AKI ASI ABI ACC A3T",
    "(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])([A-Z0-9]{16})(?![A-Za-z0-9])",
    looksRandomUpper,
  ),
  prefixed("Alibaba Cloud access key id", "LTA", "LTAI([A-Za-z0-9]{12,20})(?![A-Za-z0-9])"),
  prefixed("Google API key", "AIz", `AIza([0-9A-Za-z_-]{35})${END}`),
  prefixed("Google OAuth client secret", "GOC", `GOCSPX-([A-Za-z0-9_-]{28})${END}`),
  prefixed("Google OAuth token", "ya2 1//", "(?:ya29\\.|1//0)([A-Za-z0-9_-]{30,})"),
  prefixed("DigitalOcean token", "dop doo dor", `do[por]_v1_(${HEX}{64})${END}`),
  prefixed("Heroku API key", "HRK", "HRKU-([A-Za-z0-9_-]{58,})"),
  prefixed("Cloudflare API token", "cfk cfu cfa", "cf(?:k|ut|at)_([A-Za-z0-9]{40,})"),
  prefixed("Cloudflare Origin CA key", "v1.", `v1\\.0-(${HEX}{24}-${HEX}{146})${END}`),
  prefixed("Databricks token", "dap", `dapi(${HEX}{32})(?:-\\d)?${END}`),
  prefixed("Supabase token", "sbp sb_", `(?:sbp_(${HEX}{40})${END}|sb_secret_([A-Za-z0-9_-]{20,}))`),
  prefixed("PlanetScale token", "psc", "pscale_(?:tkn|pw|oauth)_([A-Za-z0-9_=.-]{32,})"),
  prefixed("Dynatrace token", "dt0", "dt0c01\\.([A-Z0-9]{24}\\.[A-Z0-9]{64})", looksRandomUpper),
];

const SAAS: PrefixRule[] = [
  prefixed("Slack token", "xox xap", "(?:xox[abposre]|xapp)-([A-Za-z0-9-]{24,})"),
  prefixed("Twilio API key", "SK", "SK([0-9a-fA-F]{32})(?![A-Za-z0-9])"),
  prefixed("SendGrid API key", "SG.", "SG\\.([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43})"),
  prefixed("Mailgun API key", "key", `key-(${HEX}{32})(?![A-Za-z0-9])`),
  prefixed("Shopify token", "shp", "shp(?:at|ca|pa|ss)_([a-fA-F0-9]{32})(?![A-Za-z0-9])"),
  prefixed("Shippo token", "shi", `shippo_(?:live|test)_(${HEX}{40})${END}`),
  prefixed("Stripe live key", "sk_ rk_", "(?:sk|rk)_(?:live|prod)_([A-Za-z0-9]{20,})"),
  prefixed("Stripe test key", "sk_ rk_", "(?:sk|rk)_test_([A-Za-z0-9]{20,})"),
  prefixed("Stripe webhook secret", "whs", "whsec_([A-Za-z0-9+/]{32,})"),
  prefixed("Square token", "sq0 EAA", `(?:sq0(?:atp|csp)-([A-Za-z0-9_-]{22,})|EAAA([A-Za-z0-9_-]{60})${END})`),
  prefixed("Facebook access token", "EAA", "EAA([A-Za-z0-9]{90,})"),
  prefixed("Sentry token", "snt", `(?:sntryu_(${HEX}{64})${END}|sntrys_([A-Za-z0-9+/=_]{60,}))`),
  prefixed("Grafana token", "glc gls", "(?:glc_([A-Za-z0-9+/]{32,}={0,2})|glsa_([A-Za-z0-9]{32}_[A-Fa-f0-9]{8}))"),
  prefixed("Grafana token", "eyJ", "eyJrIjoi([A-Za-z0-9]{50,}={0,2})"),
  prefixed(
    "New Relic key",
    "NRA NRI NRJ",
    "NR(?:AK-([A-Z0-9]{27})|II-([A-Za-z0-9_-]{32})|JS-([a-f0-9]{19}))(?![A-Za-z0-9])",
  ),
  prefixed("Linear API key", "lin", "lin_(?:api|oauth)_([A-Za-z0-9]{40,})"),
  prefixed("Notion token", "ntn sec", `(?:ntn_([A-Za-z0-9]{40,})|secret_([A-Za-z0-9]{43})${END})`, notIdentifier),
  prefixed("Airtable token", "pat", `pat([A-Za-z0-9]{14}\\.${HEX}{64})${END}`),
  prefixed("HubSpot token", "pat", `pat-(?:na|eu)[12]-(${UUID})${END}`, looksRandomUpper),
  prefixed("Contentful token", "CFP", `CFPAT-([A-Za-z0-9_-]{43})${END}`),
  prefixed("Mapbox secret token", "sk.", "sk\\.(eyJ[A-Za-z0-9_-]{50,}\\.[A-Za-z0-9_-]{20,})"),
  prefixed("Prefect API key", "pnu", "pnu_([A-Za-z0-9]{36})(?![A-Za-z0-9])"),
];

/** Every prefixed rule, in the order rules sharing a start are tried. */
export const PREFIX_RULES: readonly PrefixRule[] = [...AI, ...CODE, ...SECRETS, ...CLOUD, ...SAAS];
