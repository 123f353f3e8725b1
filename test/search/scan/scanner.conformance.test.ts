import { scanFiles } from "../../../src/search/scan/scanner.js";
import { testEngine } from "../engine-conformance.js";

testEngine("the built-in scanner on the calling thread", (targets, input, query, options) =>
  scanFiles(targets, input, query, { ...options, threads: 0 }),
);
