import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../src/errors.js";
import { defaultDataDir, parseOptions } from "../src/options.js";

const env = { HOME: "/home/someone" } as NodeJS.ProcessEnv;

describe("plugin options", () => {
  it("fills every default from nothing", () => {
    const { options, disabled, problems } = parseOptions(undefined, env);
    expect(problems).toEqual([]);
    expect(disabled.size).toBe(0);
    expect(options).toEqual({
      dataDir: "/home/someone/.local/share/opencode-ledger",
      compaction: { mode: "pointer", overrideUserModel: false, inlineOutputMaxBytes: 50_000, mapMaxTokens: 1_000 },
      retention: {
        retentionDays: 0,
        keepRecent: 10,
        maxSessions: 0,
        autoSweep: true,
        autoPurge: true,
        trashDays: 30,
        keepDeleted: false,
      },
      backfill: { enabled: true, delayMs: 10_000, cpuShare: 0.25, maxSessionMB: 64 },
      search: { useRipgrep: true },
      injection: { enabled: true, maxChars: 1_200 },
      actionRecall: { enabled: true, maxChars: 600 },
      agentSaves: "active",
      reflection: { enabled: false, maxLessons: 3, transcriptChars: 8_000 },
      tools: "core",
    });
  });

  it("honours XDG_DATA_HOME and resolves a relative dataDir", () => {
    expect(defaultDataDir({ XDG_DATA_HOME: "/xdg", HOME: "/h" } as NodeJS.ProcessEnv)).toBe("/xdg/opencode-ledger");
    expect(parseOptions({ dataDir: "rel/dir" }, env).options.dataDir).toBe(path.resolve("rel/dir"));
  });

  it("names an invalid option and switches off only its feature", () => {
    const { options, disabled, problems } = parseOptions(
      { compaction: { mode: "summarise" }, injection: { maxChars: 10 }, retention: { keepRecent: 3 } },
      env,
    );
    expect(problems.map((p) => p.option).sort()).toEqual(["compaction.mode", "injection.maxChars"]);
    expect(problems.every((p) => p instanceof InvalidOptionError)).toBe(true);
    expect(problems[0]?.message).toMatch(/^\[opencode-ledger\] option "compaction\.mode": .*switched off/);
    expect([...disabled].sort()).toEqual(["compaction", "injection"]);
    expect(options.compaction.mode).toBe("off");
    expect(options.injection.enabled).toBe(false);
    // the valid section next to them is kept as written
    expect(options.retention.keepRecent).toBe(3);
  });

  it("takes the action recall's switch and budget, and switches it off on a budget out of range", () => {
    expect(parseOptions({ actionRecall: { maxChars: 300 } }, env).options.actionRecall).toEqual({
      enabled: true,
      maxChars: 300,
    });
    expect(parseOptions({ actionRecall: { enabled: false } }, env).options.actionRecall.enabled).toBe(false);
    const { options, disabled, problems } = parseOptions({ actionRecall: { maxChars: 50, extra: 1 } }, env);
    expect(problems.map((p) => p.option).sort()).toEqual(["actionRecall.extra", "actionRecall.maxChars"]);
    expect([...disabled]).toEqual(["actionRecall"]);
    expect(options.actionRecall.enabled).toBe(false);
  });

  it("reports a misspelt option instead of ignoring it silently", () => {
    const { problems, disabled } = parseOptions({ agentSave: "candidate" }, env);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.option).toBe("agentSave");
    expect(problems[0]?.message).toMatch(/unknown option \(it is ignored\); did you mean "agentSaves"\?/);
    expect(disabled.size).toBe(0);
  });

  it("names the section a field belongs in when it is written at the top level", () => {
    const { problems } = parseOptions({ compaction: { mode: "bogus" }, retentionDays: 30 }, env);
    const byName = new Map(problems.map((p) => [p.option, p.message]));
    expect(byName.get("retentionDays")).toMatch(/did you mean "retention\.retentionDays"\?/);
    expect(byName.get("compaction.mode")).toMatch(/expected one of "pointer"\|"prompt"\|"off"/);
  });

  it("refuses unknown keys inside a section and names the field meant", () => {
    const { problems, disabled } = parseOptions({ search: { useRipGrep: false } }, env);
    expect(problems.map((p) => p.option)).toEqual(["search.useRipGrep"]);
    expect(problems[0]?.message).toMatch(/switched off until it is fixed\); did you mean "search\.useRipgrep"\?/);
    expect(disabled.has("search")).toBe(true);
  });

  it("lists the known options when nothing is near the name", () => {
    const { problems } = parseOptions({ zzzzzzzzzzzz: 1 }, env);
    expect(problems[0]?.message).toMatch(/known options: dataDir, compaction/);
  });

  it("switches the whole plugin off for an invalid dataDir", () => {
    const { disabled, problems } = parseOptions({ dataDir: "" }, env);
    expect(disabled.has("dataDir")).toBe(true);
    expect(problems[0]?.option).toBe("dataDir");
  });

  it("says so when the options are not an object", () => {
    for (const raw of ["pointer", 42, ["a"]]) {
      const { problems, options } = parseOptions(raw, env);
      expect(problems[0]?.message).toMatch(/expected an object of options/);
      expect(options.compaction.mode).toBe("pointer");
    }
  });
});

describe("the tools option", () => {
  it('offers the core set by default, every tool with "all", and refuses anything else', () => {
    expect(parseOptions(undefined, env).options.tools).toBe("core");
    expect(parseOptions({ tools: "all" }, env).options.tools).toBe("all");
    const bad = parseOptions({ tools: "few" }, env);
    expect(bad.problems[0]?.message).toMatch(/option "tools": .*expected one of "all"\|"core"/);
    expect(bad.options.tools).toBe("core");
  });
});
