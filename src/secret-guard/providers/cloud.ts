/**
 * Cloud platforms, infrastructure, identity and secrets managers. Sources: each provider's published format,
 * cross-checked against the public gitleaks and secretlint rule sets (as facts: prefixes, lengths, alphabets).
 */
import { END, type PrefixRule, prefixed } from "../shape-rule.js";
import {
  looksRandomToken,
  looksRandomUpper,
  mixedCase,
  notIdentifier,
  notWordy,
  upperWithoutDashes,
} from "./accepts.js";

const HEX = "[a-fA-F0-9]";
const B64 = "[A-Za-z0-9+/]";
const BEDROCK_HOST = "YmVkcm9jay5hbWF6b25hd3MuY29t";

export const SECRETS: PrefixRule[] = [
  prefixed("Vault token", "hvs hvb hvr", "hv[sbr]\\.([A-Za-z0-9_-]{24,})"),
  // Vault's tokens before 1.10: `s.` and 24 letters and digits; two letters start many words, so the body must not
  // read as a name.
  prefixed("Vault token", "s.", `s\\.([A-Za-z0-9]{24})${END}`, notIdentifier),
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
  prefixed("Defined Networking API key", "dnk", `dnkey-([A-Za-z0-9_=-]{26}-[A-Za-z0-9_=-]{52})${END}`),
  prefixed(
    "Authress access key",
    "sc_ ext sca aut",
    `(?:sc|ext|scauth|authress)_([A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120})`,
  ),
  // Okta API tokens: `00` and 40 characters; hex digests may start with `00` too, so the body must mix cases.
  prefixed("Okta API token", "00", `00([A-Za-z0-9_=-]{40})${END}`, mixedCase),
];

export const CLOUD: PrefixRule[] = [
  prefixed(
    "AWS access key id",
    "AKI ASI ABI ACC A3T",
    "(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])([A-Z0-9]{16})(?![A-Za-z0-9])",
    looksRandomUpper,
  ),
  // Amazon Bedrock API keys. Long-lived: `ABSK` and base64 of `BedrockAPIKey-<id>-at-<account>:<secret>`, 109 to 269
  // characters. Short-lived: `bedrock-api-key-` and base64 of a presigned URL that starts with the service's host
  // (`YmVkcm9jay5hbWF6b25hd3MuY29t` is `bedrock.amazonaws.com`), hundreds of characters long.
  prefixed("AWS Bedrock API key", "ABS", `ABSK(${B64}{109,269}={0,2})(?![A-Za-z0-9+/=_-])`),
  prefixed(
    "AWS Bedrock API key",
    "bed",
    `bedrock-api-key-(${BEDROCK_HOST}${B64}{40,}={0,2})(?![A-Za-z0-9+/=_-])`,
    (body) => looksRandomToken(body.slice(BEDROCK_HOST.length)),
  ),
  prefixed("Alibaba Cloud access key id", "LTA", "LTAI([A-Za-z0-9]{12,20})(?![A-Za-z0-9])"),
  prefixed("Google API key", "AIz", `AIza([0-9A-Za-z_-]{35})${END}`),
  prefixed("Google OAuth client secret", "GOC", `GOCSPX-([A-Za-z0-9_-]{28})${END}`),
  prefixed("Google OAuth token", "ya2 1//", "(?:ya29\\.|1//0)([A-Za-z0-9_-]{30,})"),
  prefixed("DigitalOcean token", "dop doo dor", `do[por]_v1_(${HEX}{64})${END}`),
  prefixed("Heroku API key", "HRK", "HRKU-([A-Za-z0-9_-]{58,})"),
  prefixed("Netlify token", "nfp", `nfp_([A-Za-z0-9]{36})${END}`, notWordy),
  prefixed("Cloudflare API token", "cfk cfu cfa", "cf(?:k|ut|at)_([A-Za-z0-9]{40,})"),
  prefixed("Cloudflare Origin CA key", "v1.", `v1\\.0-(${HEX}{24}-${HEX}{146})${END}`),
  prefixed("Databricks token", "dap", `dapi(${HEX}{32})(?:-\\d)?${END}`),
  prefixed("Supabase token", "sbp sb_", `(?:sbp_(${HEX}{40})${END}|sb_secret_([A-Za-z0-9_-]{20,}))`),
  prefixed("PlanetScale token", "psc", "pscale_(?:tkn|pw|oauth)_([A-Za-z0-9_=.-]{32,})"),
  prefixed("Dynatrace token", "dt0", "dt0c01\\.([A-Za-z0-9]{24}\\.[A-Za-z0-9]{64})", looksRandomUpper),
  prefixed(
    "Fly.io token",
    "fo1 fm1 fm2",
    `(?:fo1_([A-Za-z0-9_-]{43})${END}|fm1[ar]_(${B64}{100,}={0,3})|fm2_(${B64}{100,}={0,3}))`,
  ),
  prefixed("OpenShift token", "sha", `sha256~([A-Za-z0-9_-]{43})${END}`),
  prefixed("ClickHouse Cloud key", "4b1", `4b1d([A-Za-z0-9]{38})${END}`, mixedCase),
  prefixed("Yandex Cloud token", "t1.", `t1\\.([A-Za-z0-9_-]+={0,2}\\.[A-Za-z0-9_-]{86}={0,2})(?![A-Za-z0-9_=-])`),
  prefixed("Yandex Cloud API key", "AQV", `AQVN([A-Za-z0-9_-]{35,38})${END}`),
  prefixed("Yandex Cloud access key", "YC", `YC([A-Za-z0-9_-]{38})${END}`, notIdentifier),
];
