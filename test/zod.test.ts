import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Module specifiers a file imports at run time, statically or not (`import type` is erased and does not count). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s)?[^;]*?from\s+"([^"]+)"/gm)) {
    if (!m[2]) found.push(m[3] as string);
  }
  for (const m of text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)) found.push(m[1] as string);
  return found;
}

/** Every file the plugin entry can load, each with the packages it imports. */
function pluginGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const specs = runtimeImports(file);
    graph.set(
      file,
      specs.filter((s) => !s.startsWith(".")),
    );
    for (const spec of specs.filter((s) => s.startsWith("."))) {
      visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, ".ts")));
    }
  };
  visit(entry);
  return graph;
}

describe("zod in the plugin", () => {
  const graph = pluginGraph(path.join(SRC, "index.ts"));

  it("is imported only through src/zod.ts, the module the build ships as one file", () => {
    const offenders = [...graph]
      .filter(([file]) => path.relative(SRC, file) !== "zod.ts")
      .flatMap(([file, packages]) =>
        packages
          .filter((spec) => spec === "zod" || spec.startsWith("zod/") || spec === "@opencode-ai/plugin")
          .map((spec) => `${path.relative(SRC, file)} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("is found by the walk (the check above is not vacuous)", () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(graph.get(path.join(SRC, "zod.ts"))).toEqual(["zod", "zod/v4/locales/en.js"]);
    expect(graph.get(path.join(SRC, "store", "drivers", "bun-sqlite.ts"))).toContain("drizzle-orm/bun-sqlite");
  });
});
