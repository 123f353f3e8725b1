/**
 * Generated hostile input (fast-check), shared by the reliability tests: what an agent, an injected prompt or a
 * confused user might pass to any tool argument, command or flag. Sizes are set explicitly: fast-check's defaults
 * keep strings and arrays to about ten elements.
 */
import fc from "fast-check";

/** A well-formed session id, mixed in so that some generated calls reach real data. */
export const HOSTILE_SESSION = "ses_boundary00000000001";

/** Strings an agent (or an injected prompt) might pass anywhere. */
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 300, unit: "binary" }) },
  { weight: 1, arbitrary: fc.string({ minLength: 5_000, maxLength: 60_000, unit: "grapheme-ascii" }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "all",
      "global",
      "project",
      "/",
      "..",
      "../../../../etc/passwd",
      "/etc/passwd",
      "ses_../../../etc/passwd",
      "ses_abcdefgh/../../x",
      "ses_abc\u0000defghij",
      "ses_\u202eabcdefgh",
      "ses_ÄÖÜabcdefgh",
      `ses_${"A".repeat(5_000)}`,
      HOSTILE_SESSION,
      `${HOSTILE_SESSION}\n`,
      "C:\\Windows\\system32",
      "file:///etc/passwd",
      "\\\\server\\share",
      "~/.ssh/id_rsa",
      "%2e%2e%2f%2e%2e%2f",
      '"; DROP TABLE entries; --',
      'title:x OR body:y NEAR("a" "b")',
      "(a+)+$",
      "[",
      "\u0000",
    ),
  },
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2),
);

export const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(hostileString, { maxLength: 60 }),
  fc.anything({ maxDepth: 3, maxKeys: 8, size: "medium" }),
);
