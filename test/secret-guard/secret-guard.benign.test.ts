import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { assertNoSecrets, findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const rand = seeded(42);
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
const hex = (n: number) => bytes(n).toString("hex");
const j = (...parts: string[]) => parts.join("");

// Ordinary things people and agents write, several of them close to a secret's shape. A refusal of any is a defect.
const BENIGN: Record<string, string> = {
  "a password that lives elsewhere": "password: see the vault",
  "a redacted token": "token: <redacted>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the input under test
  "an environment reference": "password=${DB_PASSWORD}",
  "prose about a token": "the token is stored in CI",
  "a git SHA": `commit ${hex(20)}\nAuthor: Ada <ada@example.org>`,
  "a short SHA": `fixed in ${hex(4).slice(0, 7)}`,
  "a sha256 digest": `sha256: ${hex(32)}`,
  "a docker digest": `image@sha256:${hex(32)}`,
  "a UUID": `session ${crypto.randomUUID()} resumed`,
  "a UUID under an id key": `"requestId": "${crypto.randomUUID()}"`,
  "an npm integrity string": `"integrity": "sha512-${bytes(64).toString("base64")}"`,
  "a data: URL": `![chart](data:image/png;base64,${bytes(300).toString("base64")})`,
  "a long identifier with sk- inside": "task-1234_sk-something-word",
  "an asset name with a hash after .ico-": `url(/static/media/video_box.ico-${hex(16)}.png)`,
  "an asset name with an upper-case hash after .ico-": `video_box.ico-${hex(16).toUpperCase()}.png`,
  "a kebab name after sk-": "sk-learn-compatible-implementation-details-for-the-model",
  "a dated branch name after sk-": "sk-release-2024-11-30-hotfix-for-login-flow",
  "a camel name after sk-": "sk-ThisIsMyProjectNameForTheNewServiceThing",
  "a numbered snake_case name after sk_, then a comma": "sk_fermentum_vitae_tortor_10000, then the next one",
  "a base64 blob in prose": `the payload was ${bytes(120).toString("base64")} before decoding`,
  "a base64url blob with sk- inside": `blob: ${pick(rand, ALNUM, 40)}qsk-${pick(rand, ALNUM, 60)}-${pick(rand, ALNUM, 30)}`,
  "an OpenCode env substitution": `"x-api-key": "{env:EXA_API_KEY}"`,
  "a schema in code": "body: t.Object({ username: t.String(), password: t.String() })",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the input under test
  "a bearer reference": "headers: { Authorization: `Bearer ${token}` }",
  "bearer prose": "use bearer token authentication for the API",
  "a token scheme reference": 'curl -H "Authorization: Token $DRF_TOKEN" https://api.example.org',
  "a token scheme placeholder": "Authorization: Token <your-api-token>",
  "a call assigned to a token": "const token = await getToken(user);",
  "a schema call": 'const auth = pgSchema("auth");',
  "a prompt builder": "const password = Prompt.password({ message: 'Password' })",
  "a generic type": "token: Record<string, string>;",
  "a typed array type": "readonly rootSecret: Uint8Array",
  "a schema member": "privateKey: Schema.Uint8ArrayFromBase64",
  "a token-type constant": 'nextLastSignificantToken = "?InterpolationInJSX";',
  "optional chaining": "pass: matchResult?.pass ?? false,",
  "a pure annotation": "progressToken: /*#__PURE__*/optional(ProgressToken)",
  "a Windows variable": "set DB_PASSWORD=%APPDATA%",
  "a variable assigned to a password": "password: hashedPassword,",
  "an env lookup in JS": "apiKey: process.env.OPENAI_API_KEY,",
  "an env lookup in Python": 'api_key = os.environ["OPENAI_API_KEY"]',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the input under test
  "a CI secret reference": "token: ${{ secrets.GITHUB_TOKEN }}",
  "a template reference": 'password: "{{ vault_db_password }}"',
  "a random working directory": `PWD=/tmp/tmp.${pick(rand, ALNUM, 10)}`,
  "token counts": "max_tokens: 4096\ntoken_count: 12345\nprompt_tokens: 873",
  "a tokenizer name": "tokenizer: cl100k_base",
  "a token endpoint": '"token_uri": "https://oauth2.googleapis.com/token"',
  "a Kubernetes secret name": "secretName: my-tls-secret",
  "a pagination token": `"nextPageToken": "${bytes(18).toString("base64")}"`,
  "a secret key from a generator call": 'const secret = crypto.randomBytes(32).toString("hex");',
  "a password comparison": "if (password === confirmPassword) return true;",
  "a signing call": 'token = jwt.sign(payload, SECRET, { expiresIn: "1h" })',
  "the AWS documentation key": j("AKIA", "IOSFODNN7", "EXAMPLE"),
  "a GitHub token placeholder": j("gh", "p_", "x".repeat(36)),
  "an OpenAI key placeholder": "OPENAI_API_KEY=sk-...",
  "a spelled-out placeholder": "export OPENAI_API_KEY=sk-your-api-key-here",
  "a Slack token placeholder": "SLACK_BOT_TOKEN=xoxb-your-bot-token",
  // Documentation's keys: random-looking but ending in a memorable run, or a template whose last group is `#`.
  "an Anthropic key ending in abc123xyz": j("ANTHROPIC_API_KEY=sk", "-ant-api03-", pick(rand, ALNUM, 30), "abc123xyz"),
  "an Anthropic key ending in ABC123": j("sk", "-ant-", pick(rand, ALNUM, 30), "ABC123"),
  "a Slack token template ending in ####": j(
    "SLACK_TOKEN=xo",
    "xp-",
    ...[10, 10, 10].map((n) => `${pick(rand, "23456789", n)}-`),
    hex(16),
    "-####",
  ),
  "a Slack token template ending in ## in a table": j("| xo", "xp-", pick(rand, ALNUM, 40), "## | user token |"),
  "the Slack webhook example": j("https://hooks.slack.com/services/", "T00000000/B00000000/", "X".repeat(24)),
  "a Stripe publishable key": j("pk", "_live_", pick(rand, ALNUM, 24)),
  "a private key header alone": j("the file starts with -----BEGIN OPENSSH ", "PRIV", "ATE KEY----- and ends likewise"),
  "a public key block": `-----BEGIN PUBLIC KEY-----\n${bytes(48).toString("base64")}\n-----END PUBLIC KEY-----`,
  "an SSH public key": `ssh-ed25519 ${bytes(51).toString("base64")} ada@laptop`,
  "base64 JSON without dots": `config=${Buffer.from('{"name":"ledger","version":1}').toString("base64")}`,
  "a JWT-shaped identifier whose header is not JSON": `eyJ${"q".repeat(12)}.eyJ${"w".repeat(12)}.${"e".repeat(20)}`,
  "a local database URL": "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app",
  "a documented database URL": "postgres://user:password@host:5432/db",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the input under test
  "a URL password from the environment": "redis://:${REDIS_PASSWORD}@cache:6379",
  "an e-mail address": "mail ada.lovelace+ledger@example.org",
  "the Basic documentation example": `Authorization: Basic ${Buffer.from("user:password").toString("base64")}`,
  "Basic in prose": "Basic authentication is enabled on the staging server",
  "a short password": "password: hunter22",
  "a dictionary password": "password: password1",
  "a count of passes": "pass: 3 tests\nPassed: 42",
  "a secrets file path": "password_file: /run/secrets/db_password",
  "an SSH key path": "ssh_key: ~/.ssh/id_ed25519",
  "a Windows path": "C:\\Users\\alex\\AppData\\Local\\secret-store\\token-cache.json",
  "a Windows path through a folder named sk_…": j("C:\\Users\\s", "k_a-_0--__\\AppData\\Local\\Temp\\x.txt"),
  "a markdown table": "| key | value |\n| --- | --- |\n| token | see the vault |",
  "hex colours": "color: #1e90ff; background: #fafafa;",
  "a version tag": "release: v1.18.33",
  "a lockfile entry": `"resolved": "https://registry.npmjs.org/fast-check/-/fast-check-4.11.0.tgz"`,
  "an OpenCode session id": "ses_39b4b4b3bffeXCkbhNdUgsq5wv",
};

describe("secret guard: ordinary text passes", () => {
  for (const [label, text] of Object.entries(BENIGN)) {
    it(`passes ${label}`, () => {
      expect(findSecret(text)).toBeUndefined();
      expect(() => assertNoSecrets({ content: text, tags: [text] })).not.toThrow();
    });
  }

  it("passes all of it at once", () => {
    expect(findSecret(Object.values(BENIGN).join("\n"))).toBeUndefined();
  });
});
