/**
 * Refuses values that look like credentials before they reach the store. A refusal names the field and the kind of
 * secret, never the value.
 */
import { SecretFoundError } from "./errors.js";

interface SecretRule {
  kind: string;
  pattern: RegExp;
}

// Token shapes with a distinctive prefix. Boundaries keep them from matching inside longer words and base64 blobs.
const RULES: SecretRule[] = [
  { kind: "Anthropic API key", pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/ },
  { kind: "OpenAI API key", pattern: /(?<![A-Za-z0-9_+/-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/ },
  { kind: "GitHub token", pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,}/ },
  { kind: "GitHub fine-grained token", pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{50,}/ },
  { kind: "GitLab token", pattern: /(?<![A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,}/ },
  { kind: "Slack token", pattern: /(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,}/ },
  { kind: "Slack webhook URL", pattern: /hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9_/-]{20,}/ },
  { kind: "AWS access key id", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/ },
  { kind: "Google API key", pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/ },
  { kind: "Stripe live key", pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_live_[A-Za-z0-9]{20,}/ },
  { kind: "npm token", pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/ },
  {
    kind: "JSON Web Token",
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/,
  },
  { kind: "private key block", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
];

// `password = …`, `token: …`, `api_key=…` with a value that looks random rather than a word or a placeholder.
const ASSIGNMENT =
  /\b(?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)\b["']?\s*[:=]\s*["']?([^\s"'`,;]{8,})/gi;

function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

function looksRandom(value: string): boolean {
  if (/^(?:\$\{?|<|\{\{|%|\*+$|x+$|changeme|redacted|example|placeholder)/i.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(value)).length;
  return value.length >= 8 && classes >= 2 && shannonEntropy(value) >= 3;
}

/** The kind of secret found in `text`, or undefined. */
export function findSecret(text: string): string | undefined {
  for (const rule of RULES) if (rule.pattern.test(text)) return rule.kind;
  for (const match of text.matchAll(ASSIGNMENT)) {
    if (match[1] && looksRandom(match[1])) return "credential assignment";
  }
  return undefined;
}

/** Throws SecretFoundError for the first field that holds something secret-shaped. */
export function assertNoSecrets(fields: Record<string, string | readonly string[] | undefined | null>): void {
  for (const [field, value] of Object.entries(fields)) {
    const values = value == null ? [] : typeof value === "string" ? [value] : value;
    for (const v of values) {
      const kind = findSecret(v);
      if (kind) throw new SecretFoundError(field, kind);
    }
  }
}
