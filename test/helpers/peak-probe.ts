/**
 * A script a child process is started with (`node --require <file>`) that prints its own peak resident size in
 * kilobytes to stderr when it exits, as `peak-rss <kB>`. The peak is the kernel's high-water mark of the child's own
 * memory (VmHWM), not getrusage's maxRSS: that keeps the peak of the process the child was forked from, a test runner
 * of several hundred MB under Bun, so every child would report the runner's size.
 */
import fs from "node:fs";
import path from "node:path";

const SCRIPT = `process.on("exit", () => {
  const fs = require("fs");
  let kb;
  try {
    kb = Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]);
  } catch {
    kb = process.resourceUsage().maxRSS;
  }
  fs.writeSync(2, "peak-rss " + kb + "\\n");
});
`;

/** Writes the probe into `dir` and returns its path, for `--require`. */
export function writePeakProbe(dir: string): string {
  const file = path.join(dir, "peak.cjs");
  fs.writeFileSync(file, SCRIPT);
  return file;
}
