import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { parseCleanupArgs, parseContinueArgs, parseInjectionArgs, parseSlashInput } from "../../src/tui/slash-input.js";

describe("typed slash commands", () => {
  it("takes our command names followed by a space, with their words", () => {
    expect(parseSlashInput("/memory-continue ses_abcdefgh12")).toEqual({
      name: "memory-continue",
      args: ["ses_abcdefgh12"],
    });
    expect(parseSlashInput("  /memory-injection   OFF  ")).toEqual({ name: "memory-injection", args: ["OFF"] });
    expect(parseSlashInput("/memory-cleanup ")).toEqual({ name: "memory-cleanup", args: [] });
    expect(parseSlashInput("/memory \n")).toEqual({ name: "memory", args: [] });
  });

  it("leaves everything else to the prompt: no space yet (the autocomplete is open), other commands, plain text", () => {
    for (const text of [
      "/memory",
      "/memory-continue",
      "/mem ",
      "/memoryx y",
      "/new",
      "/sessions x",
      "hello /memory x",
      "",
    ]) {
      expect(parseSlashInput(text)).toBeUndefined();
    }
  });

  it("reads /memory-injection arguments", () => {
    expect(parseInjectionArgs([])).toBe("toggle");
    expect(parseInjectionArgs(["on"])).toBe("on");
    expect(parseInjectionArgs(["Off"])).toBe("off");
    expect(() => parseInjectionArgs(["maybe"])).toThrow(InvalidInputError);
    expect(() => parseInjectionArgs(["on", "off"])).toThrow(/expected "on" or "off", got "on off"/);
  });

  it("reads /memory-cleanup and /memory-continue arguments", () => {
    expect(parseCleanupArgs([])).toEqual({ apply: false });
    expect(parseCleanupArgs(["APPLY"])).toEqual({ apply: true });
    expect(() => parseCleanupArgs(["now"])).toThrow(/expected nothing or "apply"/);
    expect(parseContinueArgs([])).toEqual({});
    expect(parseContinueArgs(["ses_abcdefgh12"])).toEqual({ sessionID: "ses_abcdefgh12" });
    expect(() => parseContinueArgs(["a", "b"])).toThrow(/expected one session id/);
  });
});
