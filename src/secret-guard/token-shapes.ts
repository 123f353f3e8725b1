/**
 * Credentials recognised by their shape alone: provider prefixes (`ghp_`, `sk-ant-`, `AKIA`…), JSON Web Tokens and
 * PEM private key blocks.
 *
 * Every pattern starts at a token boundary that excludes all base64 and base64url characters, so a match can only
 * begin where a run of token characters begins: a prefix inside a base64 blob (`…qsk-U8EV…`) or a longer identifier
 * (`task-1234_sk-something`) never starts one. That boundary also keeps every pattern linear: each run is entered
 * from one place only, and no pattern nests quantifiers.
 */
import { isWordy, looksRandomToken, looksRandomUpper } from "./randomness.js";

export interface ShapeRule {
  readonly kind: string;
  /** The literal part, searched first: engines scan for a literal fast, not for a lookbehind. */
  readonly hint: RegExp;
  /** Global pattern; group 1 is the random part given to `accept`. */
  readonly pattern: RegExp;
  readonly accept: (body: string) => boolean;
}

// Not after a base64/base64url character; a single `/` counts too, but `//` (a URL's `https://ghp_…@host`) does not.
const BOUNDARY = String.raw`(?<![A-Za-z0-9_+\-])(?<![^/]/)`;
const token = (source: string) => new RegExp(BOUNDARY + source, "g");

// OpenAI keys carry "OpenAI" in base64 in their middle; otherwise the body must not read like words, because
// `sk-` also starts ordinary names (`sk-ThisIsMyProjectName…`).
const openAiBody = (body: string) => body.includes("T3BlbkFJ") || (looksRandomToken(body) && !isWordy(body));

function isJwtHeader(body: string): boolean {
  try {
    const header: unknown = JSON.parse(Buffer.from(`eyJ${body}`, "base64url").toString("utf8"));
    return typeof header === "object" && header !== null && ("alg" in header || "typ" in header);
  } catch {
    // Not base64url JSON: an identifier that happens to start with eyJ.
    return false;
  }
}

/** Checked in order; the first rule that accepts a match names the kind. */
export const SHAPE_RULES: readonly ShapeRule[] = [
  {
    kind: "Anthropic API key",
    hint: /sk-ant-/,
    pattern: token("sk-ant-([A-Za-z0-9_-]{32,})"),
    accept: looksRandomToken,
  },
  {
    kind: "OpenAI API key",
    hint: /sk-/,
    pattern: token("sk-(?!ant-)(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{32,})"),
    accept: openAiBody,
  },
  {
    kind: "GitHub token",
    hint: /gh[pousr]_/,
    pattern: token("gh[pousr]_([A-Za-z0-9]{36,})"),
    accept: looksRandomToken,
  },
  {
    kind: "GitHub fine-grained token",
    hint: /github_pat_/,
    pattern: token("github_pat_([A-Za-z0-9_]{50,})"),
    accept: looksRandomToken,
  },
  {
    kind: "GitLab token",
    hint: /gl(?:pat|dt|rt|ptt|ft|cbt|imt|soat|agent)-/,
    pattern: token("gl(?:pat|dt|rt|ptt|ft|cbt|imt|soat|agent)-([A-Za-z0-9_.-]{20,})"),
    accept: looksRandomToken,
  },
  {
    kind: "Slack token",
    hint: /xox|xapp-/,
    pattern: token("(?:xox[abposre]|xapp)-([A-Za-z0-9-]{24,})"),
    accept: looksRandomToken,
  },
  {
    kind: "Slack webhook URL",
    hint: /hooks\.slack\.com/,
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_/-]{20,})/g,
    accept: (body) => looksRandomToken(body.replaceAll("/", "")),
  },
  {
    kind: "AWS access key id",
    hint: /A(?:KIA|SIA|BIA|CCA)/,
    pattern: token("(?:AKIA|ASIA|ABIA|ACCA)([A-Z0-9]{16})(?![A-Za-z0-9])"),
    accept: looksRandomUpper,
  },
  {
    kind: "Google API key",
    hint: /AIza/,
    pattern: token("AIza([0-9A-Za-z_-]{35})(?![A-Za-z0-9_-])"),
    accept: looksRandomToken,
  },
  {
    kind: "Stripe live key",
    hint: /k_live_/,
    pattern: token("(?:sk|rk)_live_([A-Za-z0-9]{20,})"),
    accept: looksRandomToken,
  },
  {
    kind: "Stripe test key",
    hint: /k_test_/,
    pattern: token("(?:sk|rk)_test_([A-Za-z0-9]{20,})"),
    accept: looksRandomToken,
  },
  { kind: "npm token", hint: /npm_/, pattern: token("npm_([A-Za-z0-9]{36,})"), accept: looksRandomToken },
  { kind: "Hugging Face token", hint: /hf_/, pattern: token("hf_([A-Za-z0-9]{30,})"), accept: looksRandomToken },
  {
    kind: "JSON Web Token",
    hint: /eyJ/,
    pattern: token(String.raw`eyJ([A-Za-z0-9_-]{8,})\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}`),
    accept: isJwtHeader,
  },
];

const PRIVATE_KEY = "private key block";
// The armour names OpenSSL, OpenSSH, PuTTY-converted and GnuPG keys use; an explicit list, not a nested repetition.
const PEM_HEADER = /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP |SSH2 ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_WINDOW = 8192;
// 16+ base64 characters: a full line is 64, but a key cut after its first few characters still leaks.
const KEY_LINE = /^[A-Za-z0-9+/]{16,}={0,2}$/;
// Newlines, or `\n` escapes when the key sits inside a JSON string.
const LINE_BREAK = /\\[nr]|\r?\n/;
// Room for armour headers (Proc-Type, DEK-Info, Version, Comment) and blank lines before the key material.
const MAX_LEADING_LINES = 8;

/**
 * A private key header followed by key material: the first line after it that is neither blank nor an armour
 * header (`Name: value`) starts with a random base64 word, as a key pasted on one line does too. A header
 * alone (in documentation, say) is not a key.
 */
export function hasPrivateKeyBlock(text: string): boolean {
  if (!text.includes("-----BEGIN ")) return false;
  const headers = new RegExp(PEM_HEADER);
  for (let m = headers.exec(text); m; m = headers.exec(text)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + PEM_WINDOW);
    const armour = window.indexOf("-----");
    const body = armour < 0 ? window : window.slice(0, armour);
    const first = body
      .split(LINE_BREAK, MAX_LEADING_LINES)
      .map((line) => line.trim())
      .find((line) => line !== "" && !line.includes(":"));
    const word = first?.split(/\s/, 1)[0] ?? "";
    if (KEY_LINE.test(word) && looksRandomToken(word)) return true;
    // Skip what this header already examined: a later header inside it would see the same lines.
    headers.lastIndex = from + body.length;
  }
  return false;
}

/** The kind of the first shaped credential in `text`, or undefined. */
export function findShapedSecret(text: string): string | undefined {
  for (const rule of SHAPE_RULES) {
    if (!rule.hint.test(text)) continue;
    for (const m of text.matchAll(rule.pattern)) if (rule.accept(m[1] ?? "")) return rule.kind;
  }
  return hasPrivateKeyBlock(text) ? PRIVATE_KEY : undefined;
}

export const SHAPE_KINDS: readonly string[] = [...new Set(SHAPE_RULES.map((rule) => rule.kind)), PRIVATE_KEY];
