import { describe, expect, it } from "vitest";
import { parseOptions } from "../../src/options.js";
import { optionProblemsMark, optionProblemsToast, REFUSED_MARK } from "../../src/tui/option-problems.js";
import { statusText, withMark } from "../../src/tui/status.js";

describe("option problems in the TUI", () => {
  const problems = parseOptions({ compaction: { mode: "bogus" }, retentionDays: 30 }).problems.map((p) => p.message);

  it("the toast names each bad option, the closest valid name and how to check again", () => {
    const toast = optionProblemsToast(problems);
    expect(toast.split("\n")).toHaveLength(3);
    expect(toast).toMatch(
      /^option "retentionDays": unknown option \(it is ignored\); did you mean "retention\.retentionDays"\?/m,
    );
    expect(toast).toMatch(/^option "compaction\.mode": .*switched off/m);
    expect(toast).not.toContain("[opencode-ledger]");
    expect(toast).toMatch(/doctor/);
  });

  it("the status line carries a mark while options need fixing, and none when they are valid", () => {
    const figures = { entries: 3, candidates: 0, transcriptLines: null, injectionOff: false, actionRecall: true };
    expect(withMark(optionProblemsMark(problems), statusText(figures))).toBe("options: 2 problems · mem 3 · recall on");
    expect(withMark(optionProblemsMark([]), statusText(figures))).toBe("mem 3 · recall on");
    expect(withMark(REFUSED_MARK, statusText(undefined))).toBe("memory off: fix option dataDir · mem …");
  });
});
