import { createRipgrepLocator } from "../../../src/search/ripgrep/locate.js";
import { scanWithRipgrep } from "../../../src/search/ripgrep/ripgrep.js";
import { testEngine } from "../engine-conformance.js";

const lookup = await createRipgrepLocator(undefined)();
const rg = "found" in lookup ? lookup.found : undefined;

// Without ripgrep on the machine the cases are skipped here; test/search/ripgrep/ripgrep.test.ts fails CI for it.
testEngine(
  rg ? "ripgrep" : "ripgrep (not installed: skipped)",
  (targets, _input, query, options) => {
    if (!rg) throw new Error("ripgrep is not installed");
    return scanWithRipgrep(rg, targets, query, options);
  },
  rg !== undefined,
);
