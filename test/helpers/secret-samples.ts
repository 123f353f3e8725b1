/**
 * Realistic credentials, generated at run time from a seed. Nothing secret-shaped is written in this repository:
 * prefixes and armour lines are assembled from parts here, so scanners have nothing to flag.
 */
import { isIdentifierLike, isPlaceholder } from "../../src/secret-guard/randomness.js";

export type Rand = () => number;

/** A small deterministic generator (mulberry32), so a failing sample can be rebuilt from its seed. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
export const ALNUM = UPPER + LOWER + DIGITS;
const B64URL = `${ALNUM}-_`;
const B64 = `${ALNUM}+/`;
const HEX = "0123456789abcdef";
const BASE32 = `${UPPER}234567`;
const PASSWORD_CHARS = `${ALNUM}!#%^-_+=~`;

export function pick(rand: Rand, alphabet: string, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(rand() * alphabet.length)];
  return out;
}

/** What `draw` gives, drawn again until `ok` holds. */
export function drawUntil(rand: Rand, draw: (rand: Rand) => string, ok: (value: string) => boolean): string {
  for (;;) {
    const value = draw(rand);
    if (ok(value)) return value;
  }
}

const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/];

/**
 * Whether a draw from `alphabet` looks like a real token's random part: each class of the alphabet (upper case,
 * lower case, digits) among its characters, no documentation filler (`...`, `***`), not an identifier. A uniform
 * draw misses about once in a few thousand (26 of upper case and digits without a digit, letters that read as a
 * camelCase name), and the guard passes such values on purpose (SECURITY.md): they are not what a provider issues.
 */
export function looksDrawn(value: string, alphabet: string): boolean {
  return CLASSES.every((c) => !c.test(alphabet) || c.test(value)) && !isPlaceholder(value) && !isIdentifierLike(value);
}

/** `n` characters of `alphabet` that look like a real token's random part (`looksDrawn`). */
export function pickRandom(rand: Rand, alphabet: string, n: number): string {
  return drawUntil(
    rand,
    (r) => pick(r, alphabet, n),
    (value) => looksDrawn(value, alphabet),
  );
}

const b64url = (text: string) => Buffer.from(text).toString("base64url");
const j = (...parts: string[]) => parts.join("");

export type PemForm = "lines" | "legacy encrypted" | "JSON string" | "one line" | "truncated";

// The IV of a legacy encrypted key, not starting with `EAAA` (which, after the comma, starts a Square token).
const initVector = (rand: Rand) =>
  drawUntil(
    rand,
    (r) => pick(r, HEX, 32).toUpperCase(),
    (iv) => !iv.startsWith("EAAA"),
  );

/** "PRIVATE KEY" armour, assembled so the words never sit together in a source file. */
export function pemBlock(rand: Rand, label: string, form: PemForm = "lines"): string {
  const name = [label, j("PRIV", "ATE"), "KEY", label === "PGP" ? "BLOCK" : ""].filter(Boolean).join(" ");
  const lines = [...Array.from({ length: 6 }, () => pick(rand, B64, 64)), `${pick(rand, B64, 20)}==`];
  const begin = `${j("-----", "BEGIN ")}${name}-----`;
  const end = `-----END ${name}-----`;
  if (form === "JSON string")
    return `{"type": "service_account", "private_key": "${[begin, ...lines, end].join("\\n")}\\n"}`;
  if (form === "one line") return [begin, ...lines, end].join(" ");
  if (form === "truncated") return `${begin}\n${pick(rand, B64, 24)}\n`;
  const headers =
    form === "legacy encrypted"
      ? ["Proc-Type: 4,ENCRYPTED", `DEK-Info: AES-128-CBC,${initVector(rand)}`, ""]
      : label === "PGP"
        ? ["Version: GnuPG v2", ""]
        : [];
  return [begin, ...headers, ...lines, end].join("\n");
}

export interface Sample {
  readonly kind: string;
  /** What the sample is, for test names. */
  readonly label: string;
  readonly build: (rand: Rand) => string;
}

// What a password manager or a key service hands out: 20 to 39 characters, a digit among them; not starting like
// another command-line flag (`--…`) or a word then a symbol (`be=…`, `is+…`: after `--password`, a sentence's verb).
function secretValue(rand: Rand, alphabet = PASSWORD_CHARS): string {
  const draw = (r: Rand) => {
    const value = pick(r, alphabet, 20 + Math.floor(r() * 20));
    const at = Math.floor(r() * value.length);
    return value.slice(0, at) + pick(r, DIGITS, 1) + value.slice(at + 1);
  };
  return drawUntil(rand, draw, (value) => looksDrawn(value, alphabet) && !/^(?:--|[a-z]+\b)/.test(value));
}

/** One builder per shape the guard knows, several per kind where real credentials come in several forms. */
export const SAMPLES: readonly Sample[] = [
  ...["api03", "admin01"].map((v) => ({
    kind: "Anthropic API key",
    label: `sk-ant-${v}`,
    build: (r: Rand) => j("sk-", "ant-", v, "-", pick(r, B64URL, 93), "AA"),
  })),
  {
    kind: "OpenAI API key",
    label: "sk- (legacy)",
    build: (r) => j("sk", "-", pick(r, ALNUM, 20), "T3Blbk", "FJ", pick(r, ALNUM, 20)),
  },
  ...["proj", "svcacct", "admin"].map((v) => ({
    kind: "OpenAI API key",
    label: `sk-${v}-`,
    build: (r: Rand) => j("sk", "-", v, "-", pick(r, B64URL, 74), "T3Blbk", "FJ", pick(r, B64URL, 74)),
  })),
  ...["p", "o", "u", "s", "r"].map((c) => ({
    kind: "GitHub token",
    label: `gh${c}_`,
    build: (r: Rand) => j("gh", c, "_", pick(r, ALNUM, 36)),
  })),
  {
    kind: "GitHub fine-grained token",
    label: "github_pat_",
    build: (r) => j("github", "_pat_", pick(r, ALNUM, 22), "_", pick(r, ALNUM, 59)),
  },
  { kind: "GitLab token", label: "glpat-", build: (r) => j("gl", "pat-", pickRandom(r, `${ALNUM}_-`, 20)) },
  ...["b", "p", "a", "r", "s"].map((c) => ({
    kind: "Slack token",
    label: `xox${c}-`,
    build: (r: Rand) => j("xo", "x", c, "-", pick(r, DIGITS, 12), "-", pick(r, DIGITS, 13), "-", pick(r, ALNUM, 24)),
  })),
  {
    kind: "Slack token",
    label: "xapp-",
    build: (r) => j("xa", "pp-1-A", pick(r, UPPER + DIGITS, 10), "-", pick(r, DIGITS, 13), "-", pick(r, HEX, 64)),
  },
  {
    kind: "Slack webhook URL",
    label: "hooks.slack.com/services",
    build: (r) =>
      j("https://hooks.", "slack.com/services/T", pick(r, UPPER + DIGITS, 8), "/B", pick(r, UPPER + DIGITS, 10), "/") +
      pick(r, ALNUM, 24),
  },
  ...["AKIA", "ASIA"].map((p) => ({
    kind: "AWS access key id",
    label: p,
    build: (r: Rand) => j(p.slice(0, 2), p.slice(2), pick(r, BASE32, 16)),
  })),
  { kind: "Google API key", label: "AIza", build: (r) => j("AI", "za", pick(r, `${ALNUM}_-`, 35)) },
  ...["sk", "rk"].map((p) => ({
    kind: "Stripe live key",
    label: `${p}_live_`,
    build: (r: Rand) => j(p, "_live_", pick(r, ALNUM, 24 + Math.floor(r() * 76))),
  })),
  { kind: "Stripe test key", label: "sk_test_", build: (r) => j("sk", "_test_", pick(r, ALNUM, 24)) },
  { kind: "npm token", label: "npm_", build: (r) => j("np", "m_", pick(r, ALNUM, 36)) },
  { kind: "Hugging Face token", label: "hf_", build: (r) => j("h", "f_", pickRandom(r, UPPER + LOWER, 34)) },
  {
    kind: "JSON Web Token",
    label: "JWT (HS256)",
    build: (r) =>
      [
        b64url(JSON.stringify({ alg: "HS256", typ: "JWT" })),
        b64url(JSON.stringify({ sub: pick(r, DIGITS, 10), name: "Ada", iat: 1_700_000_000 })),
        pick(r, B64URL, 43),
      ].join("."),
  },
  ...["RSA", "EC", "OPENSSH", "DSA", "ENCRYPTED", "PGP", ""].map((label) => ({
    kind: "private key block",
    label: `${label || "PKCS#8"} private key`,
    build: (r: Rand) => pemBlock(r, label),
  })),
  ...(
    [
      ["RSA", "legacy encrypted"],
      ["", "JSON string"],
      ["OPENSSH", "one line"],
      ["OPENSSH", "truncated"],
    ] as const
  ).map(([label, form]) => ({
    kind: "private key block",
    label: `${label || "PKCS#8"} private key (${form})`,
    build: (r: Rand) => pemBlock(r, label, form),
  })),
  ...[
    ["JSON", (v: string) => `{"user": "ci", "password": "${v}"}`],
    ["JSON secret", (v: string) => `{\n  "secret": "${v}"\n}`],
    ["YAML", (v: string) => `database:\n  host: db\n  password: ${v}\n`],
    ["YAML quoted", (v: string) => `client_secret: '${v}'`],
    [".env", (v: string) => `DB_HOST=db\nDB_PASSWORD=${v}\n`],
    ["shell export", (v: string) => `export API_TOKEN="${v}"`],
    ["TOML", (v: string) => `[auth]\napi_key = "${v}"`],
    ["Python kwarg", (v: string) => `client = Client(api_key='${v}')`],
    ["JS object", (v: string) => `const cfg = { apiKey: "${v}", region: "eu" };`],
    ["URL query", (v: string) => `GET /callback?state=x&access_token=${v}&expires_in=3600`],
    ["CLI flag", (v: string) => `mysql --user=app --password=${v} prod`],
    ["CLI flag without =", (v: string) => `mysql --user=app --password ${v} prod`],
    [".NET setting", (v: string) => `<add key="ClearTextPassword" value="${v}" />`],
    ["Kubernetes Secret", (v: string) => `kind: Secret\ndata:\n  upstream: ${Buffer.from(v).toString("base64")}\n`],
    ["HTTP header", (v: string) => `X-Api-Key: ${v}`],
    ["AWS credentials", (v: string) => `[default]\naws_secret_access_key = ${v}`],
    ["escaped JSON", (v: string) => `"{\\"auth_token\\": \\"${v}\\"}"`],
  ].map(([label, wrap]) => ({
    kind: "credential assignment",
    label: `${label as string} assignment`,
    build: (r: Rand) => (wrap as (v: string) => string)(secretValue(r)),
  })),
  ...[
    ["postgres", (v: string) => `postgres://app:${v}@db.internal:5432/app`],
    ["redis (no user)", (v: string) => `redis://:${v}@cache:6379/0`],
    ["https", (v: string) => `https://deploy:${v}@git.example.org/repo.git`],
    ["mongodb+srv", (v: string) => `mongodb+srv://admin:${v}@cluster0.example.net/db`],
  ].map(([label, wrap]) => ({
    kind: "password in URL",
    label: `${label as string} URL`,
    build: (r: Rand) => (wrap as (v: string) => string)(secretValue(r, ALNUM)),
  })),
  {
    kind: "HTTP authorization credential",
    label: "Bearer",
    build: (r) => `curl -H "Authorization: Bearer ${secretValue(r, ALNUM)}" https://api.example.org`,
  },
  {
    kind: "HTTP authorization credential",
    label: "Basic",
    build: (r) => `Authorization: Basic ${Buffer.from(`alice:${secretValue(r, ALNUM)}`).toString("base64")}`,
  },
  {
    kind: "HTTP authorization credential",
    label: "Token",
    build: (r) => `curl -H 'Authorization: Token ${secretValue(r, ALNUM)}' https://api.example.org`,
  },
  {
    kind: "HTTP authorization credential",
    label: "curl -u",
    build: (r) => `curl -u deploy:${secretValue(r, ALNUM)} https://api.example.org`,
  },
];

/** Every kind the guard names. */
export const KINDS: readonly string[] = [...new Set(SAMPLES.map((s) => s.kind))];
