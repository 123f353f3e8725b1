import { describe, expect, it } from "vitest";
import { lazyFunction, lazyObject, loadOnce } from "../src/lazy-load.js";

interface Counter {
  readonly name: string;
  add(n: number): Promise<number>;
  total(): Promise<number>;
}

function counter(name: string): Counter {
  let sum = 0;
  return {
    name,
    async add(n) {
      sum += n;
      return sum;
    },
    async total() {
      return sum;
    },
  };
}

describe("loadOnce", () => {
  it("runs the load on the first call only and hands every caller the same promise", async () => {
    let loads = 0;
    const get = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get(), loads]).toEqual([1, 1, 1, 1]);
  });

  it("keeps a failed load: every later call rejects the same way, nothing is loaded twice", async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads++;
      throw new Error("module missing");
    });
    await expect(get()).rejects.toThrow("module missing");
    await expect(get()).rejects.toThrow("module missing");
    expect(loads).toBe(1);
  });
});

describe("lazyObject", () => {
  it("loads nothing until a listed method is called; eager members answer without loading", async () => {
    let loads = 0;
    const lazy = lazyObject<Counter, "add" | "total">(
      async () => {
        loads++;
        return counter("real");
      },
      ["add", "total"],
      { name: "eager" },
    );
    expect(lazy.name).toBe("eager");
    expect(loads).toBe(0);
    expect(await lazy.add(2)).toBe(2);
    expect(await lazy.add(3)).toBe(5);
    expect(await lazy.total()).toBe(5);
    expect(loads).toBe(1);
  });

  it("forwards with the real object as `this`", async () => {
    class Box {
      constructor(readonly value: number) {}
      async read(): Promise<number> {
        return this.value;
      }
    }
    const lazy = lazyObject<Box, "read">(async () => new Box(7), ["read"], { value: -1 });
    expect(await lazy.read()).toBe(7);
  });

  it("rejects each call when the code cannot load, and does not throw at build", async () => {
    const lazy = lazyObject<Counter, "add" | "total">(
      () => Promise.reject(new Error("cannot load")),
      ["add", "total"],
      { name: "x" },
    );
    await expect(lazy.add(1)).rejects.toThrow("cannot load");
    await expect(lazy.total()).rejects.toThrow("cannot load");
  });
});

describe("lazyFunction", () => {
  it("loads on the first call and passes the arguments through", async () => {
    let loads = 0;
    const twice = lazyFunction(async () => {
      loads++;
      return async (a: number, b: string) => `${b}${a * 2}`;
    });
    expect(loads).toBe(0);
    expect(await twice(4, "=")).toBe("=8");
    expect(await twice(5, "=")).toBe("=10");
    expect(loads).toBe(1);
  });

  it("rejects when the code cannot load", async () => {
    const broken = lazyFunction<() => Promise<string>>(() => Promise.reject(new Error("no search")));
    await expect(broken()).rejects.toThrow("no search");
  });
});
