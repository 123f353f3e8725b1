/**
 * Samples of shapes found by what sits inside them (a host in a URL, a separator, a suffix), of JWTs and of private
 * keys, each with its near-miss.
 */
import { entropy } from "../../src/secret-guard/randomness.js";
import {
  ALNUM,
  around,
  B64,
  B64URL,
  DIGITS,
  drawUntil,
  HEX,
  j,
  LOWER,
  type ProviderSample,
  pick,
  pickRandom,
  type Rand,
  uuid,
} from "./provider-sample-builders.js";

// What a tool of its own may put between the armour: any printable character but `-`.
const KEY_BODY = `${B64}!#$%&()*,.:;<=>?@[]^_{|}~`;

/** A signed HS256 JWT, as an API hands it out. */
function jwt(r: Rand): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return [
    part({ alg: "HS256", typ: "JWT" }),
    part({ sub: pick(r, DIGITS, 10), iat: 1_700_000_000 }),
    pick(r, B64URL, 43),
  ].join(".");
}

export const INSIDE_SAMPLES: readonly ProviderSample[] = [
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
  around("Telegram bot token", "<id>:A…", (r, n) => j(pick(r, DIGITS, 9), ":", "A", pick(r, B64URL, n)), 34),
  around(
    "Facebook access token",
    "<app id>|<secret>",
    (r, n) => j(pick(r, DIGITS, 15), "|", pick(r, ALNUM, n)),
    32,
    26,
  ),
  around("Twitter access token", "<user id>-<token>", (r, n) => j(pick(r, DIGITS, 19), "-", pick(r, ALNUM, n)), 30, 19),
  around(
    "Mailgun webhook signing key",
    "<32 hex>-<8>-<8>",
    (r, n) => j(pick(r, HEX, n), "-", pick(r, HEX, 8), "-", pick(r, HEX, 8)),
    32,
    31,
  ),
  // Varied as the rule wants a pair (letters and digits in each half, 2.5 bits of entropy): `49aa9a64:a4594a98`
  // and `22747186:36257397` read as ids.
  around(
    "Sidekiq credentials",
    "<8 hex>:<8 hex>",
    (r, n) =>
      drawUntil(
        r,
        (q) => j(pickRandom(q, HEX, 8), ":", pickRandom(q, HEX, n)),
        (t) => entropy(t) >= 2.5,
      ),
    8,
    7,
  ),
  // The same pair in the gem source's URL, where `//` comes before it.
  around(
    "Sidekiq credentials",
    "https://<8 hex>:<8 hex>@gems.contribsys.com/",
    (r, n) =>
      j(
        "https://",
        drawUntil(
          r,
          (q) => j(pickRandom(q, HEX, 8), ":", pickRandom(q, HEX, n)),
          (t) => entropy(t) >= 2.5,
        ),
        "@gems.contrib",
        "sys.com/",
      ),
    8,
    7,
  ),
  // A bot token in the Bot API's URL, `bot` glued to the id.
  around(
    "Telegram bot token",
    "https://api.telegram.org/bot<id>:A…/getMe",
    (r, n) => j("https://api.tele", "gram.org/bot", pick(r, DIGITS, 10), ":A", pick(r, B64URL, n), "/getMe"),
    34,
  ),
  around(
    "Dropbox token",
    "<11>AAAAAAAAAA<43>",
    (r, n) => j(pick(r, ALNUM.replace("A", ""), 11), "AAAAA", "AAAAA", pick(r, ALNUM, n)),
    43,
  ),
  // No `%YC` in it: after the `%`, `YC` and 38 characters is a Yandex Cloud access key, the kind the guard names first.
  around(
    "Twitter bearer token",
    "AAAA…",
    (r, n) =>
      j(
        "A".repeat(22),
        drawUntil(
          r,
          (q) => pick(q, `${ALNUM}%`, n),
          (tail) => !tail.includes("%YC"),
        ),
      ),
    90,
    70,
  ),
  // Not starting with `YC`: `YC` and 38 characters is a Yandex Cloud access key, the kind the guard names first.
  around(
    "MaxMind license key",
    "…_mmk",
    (r, n) =>
      j(
        drawUntil(
          r,
          (q) => pickRandom(q, ALNUM, 6),
          (id) => !id.startsWith("YC"),
        ),
        "_",
        pickRandom(r, ALNUM, n),
        "_m",
        "mk",
      ),
    29,
  ),
  {
    kind: "JSON Web Token",
    label: "JWT as a scanner writes it (ey…)",
    build: (r) =>
      [j("e", "y", pickRandom(r, ALNUM, 20)), j("e", "y", pickRandom(r, ALNUM, 24)), pickRandom(r, B64URL, 20)].join(
        ".",
      ),
    // Unsigned: documentation shows these, and they give no access.
    nearMiss: (r) => `${[j("e", "y", pick(r, ALNUM, 20)), j("e", "y", pick(r, ALNUM, 24))].join(".")}.`,
  },
  {
    kind: "JSON Web Token",
    label: "JWT in base64",
    build: (r) => Buffer.from(jwt(r)).toString("base64"),
    nearMiss: (r) => Buffer.from(j("ey", "J", pick(r, LOWER, 60))).toString("base64"),
  },
  {
    kind: "private key block",
    label: "private key block of another tool, any body",
    build: (r) =>
      j(
        "-----BEGIN",
        " ACME ",
        "PRIV",
        "ATE KEY-----\n",
        pickRandom(r, KEY_BODY, 90),
        "\n-----END ACME PRIV",
        "ATE KEY-----",
      ),
    nearMiss: () =>
      j(
        "-----BEGIN",
        " ACME ",
        "PRIV",
        "ATE KEY-----\n",
        "put the key the vault gives you here, on one line, and keep it out of git",
        "\n-----END ACME PRIV",
        "ATE KEY-----",
      ),
  },
];
