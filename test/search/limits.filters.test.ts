/**
 * A ranked search's time filters are checked where they come in: the tool's argument schema and call, and the command
 * line's schema. A date that is none and an until before since are refused there, naming the field, and nothing is
 * searched.
 */
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { inOrder, isWhen, RANGE_MESSAGE, WHEN_MESSAGE, whenMs } from "../../src/search/limits.js";
import type { SearchRequest } from "../../src/search/search.js";
import { sessionSearchTool } from "../../src/tools/memory-session-search.js";
import { sessionSearch } from "../../src/tools/run/memory-session-search.js";
import { cliFixture } from "../helpers/cli.js";
import { toolContext } from "../helpers/tool-context.js";

describe("the time filters", () => {
  it("read an ISO date as its whole day and a time as it is", () => {
    expect(whenMs("since", "2026-03-01")).toBe(Date.UTC(2026, 2, 1));
    expect(whenMs("until", "2026-03-01")).toBe(Date.UTC(2026, 2, 2) - 1);
    expect(whenMs("since", "2026-03-01T14:00Z")).toBe(Date.UTC(2026, 2, 1, 14));
    expect(isWhen("last tuesday")).toBe(false);
    expect(inOrder("2026-03-01", "2026-03-01")).toBe(true);
    expect(inOrder("2026-03-02", "2026-03-01")).toBe(false);
    expect(inOrder("2026-03-02", undefined)).toBe(true);
  });

  it("are refused by the tool's argument schema and its call, before anything is searched", async () => {
    const args = sessionSearchTool.args();
    const bad = args.since.safeParse("last tuesday");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(WHEN_MESSAGE);
    expect(args.until.safeParse("2026-03-01").success).toBe(true);
    const asked: SearchRequest[] = [];
    const call = sessionSearch({
      search: async (req) => {
        asked.push(req);
        throw new Error("not reached");
      },
    } as Parameters<typeof sessionSearch>[0]);
    const failed = await call(
      { query: "invoices", since: "2026-03-02", until: "2026-03-01" },
      toolContext("/projects/x"),
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(InvalidInputError);
    expect((failed as Error).message).toBe(`[opencode-ledger] until: ${RANGE_MESSAGE}`);
    expect(asked).toEqual([]);
  });

  it("are refused by the command line's schema with exit 2, naming the flag", () => {
    const f = cliFixture();
    const bad = f.run(["transcripts", "search", "--since", "last tuesday", "invoices"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since");
    expect(bad.stderr).toContain(WHEN_MESSAGE);
    const reversed = f.run(["transcripts", "search", "--since", "2026-03-02", "--until", "2026-03-01", "invoices"]);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain("--until");
    expect(reversed.stderr).toContain(RANGE_MESSAGE);
  });
});
