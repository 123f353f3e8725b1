import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/secret-guard/redact.js";
import { findSecret } from "../../src/secret-guard/secret-guard.js";
import { ALNUM, pick, seeded } from "../helpers/secret-samples.js";

const rand = seeded(1414);
const secret = () => `${pick(rand, ALNUM, 22)}7`;

// Notations that used to lose the key in front of the value.
const NOTATIONS: Record<string, (v: string) => string> = {
  "Go var with a type": (v) => `var apiToken string = "${v}"`,
  "TypeScript annotation": (v) => `const apiToken: string = "${v}";`,
  "Make ?=": (v) => `API_TOKEN ?= ${v}`,
  "Make ::=": (v) => `API_TOKEN ::= ${v}`,
  "Make :::=": (v) => `API_TOKEN :::= ${v}`,
  "PHP .=": (v) => `$token .= '${v}';`,
  "Java System.setProperty": (v) => `System.setProperty("X_TOKEN", "${v}");`,
  "XML element": (v) => `<config><xToken>${v}</xToken></config>`,
  "XML element with its value on a line of its own": (v) =>
    `<settings>\n  <password>\n    ${v}\n  </password>\n</settings>`,
  "XML element with its value on a line of its own, CRLF": (v) => `<password>\r\n  ${v}\r\n</password>\r\n`,
  ".NET key and value attributes": (v) => `<add key="ClearTextPassword" value="${v}" />`,
  "command-line flag without =": (v) => `mysql --user=app --password ${v} prod`,
  "flag named in a sentence": (v) => `the --password is ${v} for now`,
  "flag named in a sentence, with a colon": (v) => `the --password is: ${v} for now`,
  "URL password with an unencoded #": (v) => `postgres://app:${v.slice(0, 10)}#${v.slice(10)}@db.internal:5432/app`,
};

describe("secret guard: notations keep the key's context", () => {
  for (const [label, wrap] of Object.entries(NOTATIONS)) {
    it(`finds a secret in ${label}, and redacts the value only`, () => {
      const value = secret();
      const text = wrap(value);
      expect(findSecret(text)).toMatch(/credential assignment|password in URL/);
      const redacted = redactSecrets(text);
      expect(redacted.redacted).toBe(1);
      expect(redacted.text).not.toContain(value.slice(0, 10));
      expect(redacted.text).toMatch(/\[redacted: (?:credential assignment|password in URL)\]/);
    });
  }

  it("passes the same notations with a reference, a word or a short value", () => {
    for (const [label, wrap] of Object.entries(NOTATIONS)) {
      if (label.startsWith("URL")) continue; // `hunter2#` is a password of three classes: caught, rightly
      for (const value of ["hunter2", "changeme", "getToken"])
        expect([wrap(value), findSecret(wrap(value))]).toEqual([wrap(value), undefined]);
    }
  });
});

// Identifiers, versions and class names under a credential-named key are not secrets; `pwd` in lower case is.
const NOT_SECRETS = [
  "token: RELEASE_PAT_V2",
  "token: v1.2.3-rc.1+build.20240101",
  "token: AccessTokenProvider2",
  "auth=OAuth2PasswordBearer",
  "pass: PassThrough2Stream",
  "password: minLength8Upper1Digit1",
  // A Maven coordinate and an Objective-C selector that start like a key and a token.
  "implementation 'io.jsonwebtoken:jjwt-api:0.12.6'",
  "<dependency>io.jsonwebtoken:jjwt-impl:0.11.5</dependency>",
  "- (void)hf_setBackgroundColorForControlStateHighlighted:(UIColor *)color",
  "[view hf_initWithFrameAndStyleOptionsForTheView:frame];",
  // Bundled code: a binding renamed by the bundler, exported under its own name; axios's cancel token.
  "axios.CancelToken = CancelToken$1;",
  "exports.accessToken = accessToken$1;",
  "t.apiSecret=apiSecret$12,t.other=1",
];

describe("secret guard: an XML element's value on a line of its own", () => {
  it("is read only when the closing tag follows it: other content of the element is not a value", () => {
    const value = secret();
    for (const text of [
      `<password>\n  <hash>${value}</hash>\n</password>`,
      `<token>\n  ${value}\n  <expires>2026</expires>\n</token>`,
      `<secret>\n\n${value} and more words\n</secret>`,
    ])
      expect([text, findSecret(text)]).toEqual([text, undefined]);
  });
});

describe("secret guard: identifiers are not secrets", () => {
  for (const text of NOT_SECRETS) it(`passes ${text}`, () => expect(findSecret(text)).toBeUndefined());

  it("still refuses a value that only ends like a renamed binding, or renames another name", () => {
    for (const text of ["apiSecret = Xk9mP2vL8qR4$1", "exports.accessToken = refreshToken$1x", "token=Summer2024$1"])
      expect([text, findSecret(text)]).toEqual([text, "credential assignment"]);
  });

  it("catches a random value under a lower-case pwd key (PWD in capitals is the shell's directory)", () => {
    expect(findSecret("pwd=Xk9Tq2LmZ8vRmP2")).toBe("credential assignment");
    expect(findSecret("PWD=/home/ada/src")).toBeUndefined();
  });
});
