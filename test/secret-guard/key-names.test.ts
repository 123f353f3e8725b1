import { describe, expect, it } from "vitest";
import { isSecretKey } from "../../src/secret-guard/key-names.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const SECRET_KEYS = [
  ...["password", "DB_PASSWORD", "PGPASSWORD", "password2", "spring.datasource.password", "--password", "db_pwd"],
  ...["passphrase", "secret", "client_secret", "clientSecret", "webhookSecret", "token", "auth_token", "_authToken"],
  ...["GITHUB_TOKEN", "x-auth-token", "apiKey", "APIKey", "x-api-key", "OPENAI_API_KEY", "AWS_SECRET_ACCESS_KEY"],
  ...["secret_key_base", "private_key", "Authorization", "auth", "credentials", "GITLAB_PAT", "password_b64"],
  // camelCase after a product's acronym, and `key` glued to its qualifier.
  ...["npmAccessToken", "gcpAccessToken", "GCPAccessToken", "sfdcClientSecret", "mqttPassword", "awsSecretKey"],
  ...["SUMOLOGIC_ACCESSKEY", "ACCESSKEY", "secretkey", "PRIVATEKEY", "x-accesskey"],
];
const OTHER_KEYS = [
  ...["key", "primary_key", "public_key", "ssh_key", "monkey", "keyboard", "passport", "compass", "bypass"],
  ...["max_tokens", "tokens", "tokenizer", "token_uri", "token_count", "token_type", "nextPageToken"],
  ...["password_file", "passwordHash", "secretName", "PWD", "OLDPWD", "author", "path", "sha512-AAAAAAAAAAAARjPW"],
  // Random ids used as keys stay ids with a short run of lower case before the humps; `key` glued to other words.
  ...[
    "CancelToken",
    "axios.CancelToken",
    "cancel_token",
    "xkQzLmTrWvBnToken",
    "QZLmTrWvBnPwd",
    "hotkey",
    "passkey",
    "turnkey",
    "monkey",
  ],
];

describe("secret guard: which keys name a credential", () => {
  for (const key of SECRET_KEYS) it(`reads ${key} as a credential's name`, () => expect(isSecretKey(key)).toBe(true));
  for (const key of OTHER_KEYS) it(`reads ${key} as something else`, () => expect(isSecretKey(key)).toBe(false));
});

describe("secret guard: keys named after a product", () => {
  it("refuses a random value under npmAccessToken, sfdcClientSecret, mqttPassword and SUMOLOGIC_ACCESSKEY", () => {
    const value = `${pick(seeded(12), ALNUM, 22)}7`;
    for (const text of [
      `const npmAccessToken = "${value}";`,
      `gcpAccessToken: "${value}"`,
      `sfdcClientSecret = '${value}'`,
      `{"mqttPassword": "${value}"}`,
      `SUMOLOGIC_ACCESSKEY=${value}`,
    ])
      expect([text, findSecret(text)]).toEqual([text, "credential assignment"]);
  });
});

describe("secret guard: how random a value must be", () => {
  const rand = seeded(11);
  it("refuses 12+ characters of two classes, and 8+ of three", () => {
    const lowerAndDigits = `${pick(rand, "abcdefghijklmnopqrstuvwxyz0123456789", 15)}7`;
    expect(findSecret(`password: ${lowerAndDigits}`)).toBe("credential assignment");
    expect(findSecret("password: P@ssw0rd")).toBe("credential assignment");
    expect(findSecret("password: Summer2024!")).toBe("credential assignment");
  });

  it("lets short, single-class and word-like values through (listed in SECURITY.md)", () => {
    for (const value of ["hunter22", "password1", "12345678901234", "correct-horse-battery", "ThisIsMyPassword"]) {
      expect([value, findSecret(`password: ${value}`)]).toEqual([value, undefined]);
    }
  });

  it("refuses a random value followed by markup", () => {
    const value = `${pick(rand, ALNUM, 20)}5`;
    expect(findSecret(`<code>API_TOKEN=${value}</code>`)).toBe("credential assignment");
    expect(findSecret(`<p>token: ${value}<br>`)).toBe("credential assignment");
  });

  it("refuses a random value under a secret key and passes the same value under another key", () => {
    const value = `${pick(rand, ALNUM, 20)}9`;
    expect(findSecret(`client_secret=${value}`)).toBe("credential assignment");
    expect(findSecret(`request_id=${value}`)).toBeUndefined();
  });

  it("refuses Stripe test keys as well as live ones, and passes publishable keys", () => {
    const body = pick(rand, ALNUM, 24);
    expect(findSecret(["sk", "test", body].join("_"))).toBe("Stripe test key");
    expect(findSecret(["rk", "live", body].join("_"))).toBe("Stripe live key");
    expect(findSecret(["pk", "test", body].join("_"))).toBeUndefined();
    expect(findSecret(["pk", "live", body].join("_"))).toBeUndefined();
  });
});
