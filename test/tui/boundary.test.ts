import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../src/errors.js";
import { reportError, type Toaster, tuiBoundary } from "../../src/tui/boundary.js";

function toaster() {
  const shown: Parameters<Toaster["toast"]>[0][] = [];
  return { shown, toast: (input: Parameters<Toaster["toast"]>[0]) => shown.push(input) };
}

describe("TUI error boundary", () => {
  it("turns a thrown error into an error toast with the message", () => {
    const ui = toaster();
    tuiBoundary(ui, "/memory", () => {
      throw new NotFoundError("memory entry", "abc");
    });
    expect(ui.shown).toEqual([
      {
        variant: "error",
        title: "opencode-ledger: /memory",
        message: '[opencode-ledger] no memory entry with id "abc"',
        duration: 8_000,
      },
    ]);
  });

  it("catches a rejected promise and a thrown non-error", async () => {
    const ui = toaster();
    tuiBoundary(ui, "status", async () => {
      throw new Error("disk gone");
    });
    tuiBoundary(ui, "odd", () => {
      throw "a string";
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ui.shown.map((t) => t.message).sort()).toEqual([
      "[opencode-ledger] unexpected error: a string",
      "[opencode-ledger] unexpected error: disk gone",
    ]);
  });

  it("runs a handler that succeeds without a toast, and survives a toast that throws", async () => {
    const ui = toaster();
    let ran = false;
    tuiBoundary(ui, "ok", async () => {
      ran = true;
    });
    await Promise.resolve();
    expect(ran).toBe(true);
    expect(ui.shown).toEqual([]);
    const broken: Toaster = {
      toast: () => {
        throw new Error("renderer destroyed");
      },
    };
    expect(() => reportError(broken, "x", new Error("y"))).not.toThrow();
  });
});
