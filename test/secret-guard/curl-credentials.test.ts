import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const rand = seeded(1701);
const secret = () => `${pick(rand, ALNUM, 19)}7`;
const KIND = "HTTP authorization credential";

// The ways curl is given `user:password`; each keeps the user readable once redacted.
const COMMANDS: Record<string, (v: string) => string> = {
  "-u and a blank": (v) => `curl -u admin:${v} https://registry.example.org/api/v2`,
  "-u glued to its value": (v) => `curl -s -uadmin:${v} -T build.tgz https://registry.example.org/`,
  "--user, quoted": (v) => `curl --user "deploy:${v}" https://ci.example.org`,
  "--user=": (v) => `curl --user=deploy:${v} https://ci.example.org`,
  "a continued line": (v) => `curl https://ci.example.org/job \\\n  -X POST \\\n  -u deploy:${v} \\\n  -d ok=1`,
};

describe("secret guard: curl -u user:password", () => {
  for (const [label, command] of Object.entries(COMMANDS)) {
    it(`refuses the password of ${label}, and redacts it only`, () => {
      const value = secret();
      const text = command(value);
      expect([text, findSecret(text)]).toEqual([text, KIND]);
      expect(redactSecrets(text).text).toBe(command(`[redacted: ${KIND}]`));
    });
  }

  it("refuses a key given as the user with an empty password (`-u <key>:`)", () => {
    const value = secret();
    const text = `curl https://api.example.org/v1/charges -u ${value}: -d amount=2000`;
    expect(findSecret(text)).toBe(KIND);
    expect(redactSecrets(text).text).not.toContain(value);
  });

  const PASS = [
    "curl -u admin:$PASSWORD https://ci.example.org",
    `curl -u "\${CI_USER}:\${CI_TOKEN}" https://ci.example.org`,
    "curl -u admin:admin http://localhost:8081/artifactory",
    "curl --user-agent Mozilla/5.0 https://example.org",
    "curl -u deploy: https://ci.example.org",
    // Not curl: a user and group ids.
    "docker run -u 1000:1000 node:22 npm test",
    "recurl -u admin:Xk9mP2vL8qRt7 https://ci.example.org",
  ];
  for (const text of PASS) it(`passes ${text}`, () => expect(findSecret(text)).toBeUndefined());
});
