/**
 * AI providers, code hosting, CI and package registries. Sources: each provider's published format, cross-checked
 * against the public gitleaks and secretlint rule sets (as facts: prefixes, lengths, alphabets).
 */
import { END, type PrefixRule, prefixed } from "../shape-rule.js";
import {
  checksummed,
  decodesTo,
  looksRandomUpper,
  lowerRandom,
  mixedCase,
  notIdentifier,
  notWordy,
} from "./accepts.js";

const HEX = "[a-fA-F0-9]";
// OpenAI keys carry "OpenAI" in base64 in their middle; otherwise the body must not read like words.
const openAiBody = (body: string) => body.includes("T3BlbkFJ") || notWordy(body);
// JFrog reference tokens are base64 of `reftkn:01:<expiry, 10 digits>:<secret>` (`cmVmdGtuOjAxOj` is `reftkn:01:`).
const JFROG_REFERENCE = "cmVmdGtuOjAxOj";
const jfrogReference = decodesTo(/^reftkn:01:[0-9]{10}:[A-Za-z0-9]{27}$/, JFROG_REFERENCE);

export const AI: PrefixRule[] = [
  prefixed("Anthropic API key", "sk-", "sk-ant-([A-Za-z0-9_-]{32,})"),
  prefixed("OpenAI API key", "sk-", "sk-(?!ant-)(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{32,})", openAiBody),
  prefixed("Groq API key", "gsk", `gsk_([A-Za-z0-9]{52})${END}`),
  prefixed("xAI API key", "xai", `xai-([A-Za-z0-9]{80})${END}`),
  prefixed("Perplexity API key", "ppl", `pplx-([A-Za-z0-9]{48})${END}`),
  prefixed("Replicate API token", "r8_", `r8_([A-Za-z0-9]{37})${END}`),
  prefixed("Hugging Face token", "hf_ api", "(?:hf_|api_org_)([A-Za-z0-9]{30,})", notIdentifier),
  prefixed("LangSmith API key", "lsv", `lsv2_(?:pt|sk)_(${HEX}{32}_${HEX}{10})${END}`),
];

export const CODE: PrefixRule[] = [
  prefixed("GitHub token", "ghp gho ghu ghs ghr", "gh[pousr]_([A-Za-z0-9]{36,})", checksummed),
  prefixed("GitHub fine-grained token", "git", "github_pat_([A-Za-z0-9_]{50,})"),
  prefixed(
    "GitLab token",
    "glp gld glr glf glc gli gls gla glo",
    "gl(?:pat|dt|rt|ptt|ffct|ft|cbt|imt|soat|agent|oas)-([A-Za-z0-9_.-]{20,})",
  ),
  prefixed("GitLab token", "GR1", `GR1348941([A-Za-z0-9_-]{20,})`),
  prefixed("GitLab session cookie", "_gi", `_gitlab_session=([0-9a-z]{32})${END}`, lowerRandom),
  prefixed("Bitbucket app password", "ATB", "ATBB([A-Za-z0-9_=.-]{32,})"),
  prefixed("Atlassian API token", "ATA ATC", "AT[AC]TT3([A-Za-z0-9_=-]{186,})"),
  prefixed("Sourcegraph token", "sgp", `sgp_((?:${HEX}{16}_|local_)?${HEX}{40})${END}`),
  prefixed("Buildkite token", "bku", `bkua_(${HEX}{40})${END}`),
  prefixed("SonarQube token", "sqp squ sqa", `sq[pua]_(${HEX}{40})${END}`),
  prefixed("Harness token", "pat sat", `[ps]at\\.([A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20})${END}`),
  // Infracost keys mix cases; a bundler's asset name ends in a hash of one case (`video_box.ico-<32 hex>.png`).
  prefixed("Infracost API key", "ico", `ico-([A-Za-z0-9]{32})${END}`, mixedCase),
  prefixed("Scalingo API token", "tk-", `tk-us-([A-Za-z0-9_-]{48})${END}`),
  prefixed(
    "Octopus Deploy API key",
    "API",
    "API-([A-Z0-9]{26})(?![A-Za-z0-9_-])",
    (b) => /\d/.test(b) && looksRandomUpper(b),
  ),
  prefixed("npm token", "npm", "npm_([A-Za-z0-9]{36,})", checksummed),
  prefixed("PyPI token", "pyp", "pypi-(AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})"),
  prefixed("RubyGems API key", "rub", `rubygems_(${HEX}{48})${END}`),
  prefixed("Clojars token", "CLO", "CLOJARS_([A-Za-z0-9]{60})", looksRandomUpper),
  prefixed("Docker Hub token", "dck", "dckr_(?:pat|oat)_([A-Za-z0-9_-]{27,})"),
  prefixed("JFrog token", "AKC", "AKCp([A-Za-z0-9]{69,})"),
  prefixed("JFrog token", "cmV", `${JFROG_REFERENCE}([A-Za-z0-9+/]{50})${END}`, jfrogReference),
  prefixed("Pulumi token", "pul", `pul-(${HEX}{40})${END}`),
  prefixed("Postman API key", "PMA", `PMAK-(${HEX}{24}-${HEX}{34})${END}`),
  prefixed("Figma token", "fig", "figd_([A-Za-z0-9_-]{40,})"),
  prefixed("ReadMe API key", "rdm", `rdme_([a-z0-9]{70})${END}`, lowerRandom),
  prefixed("Frame.io token", "fio", `fio-u-([A-Za-z0-9_=-]{64})${END}`),
  prefixed("Typeform token", "tfp", `tfp_([A-Za-z0-9_.=-]{59})${END}`, notWordy),
];
