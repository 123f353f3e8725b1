/**
 * Doctor's check of the plugin's options where they are written: every entry naming this package in OpenCode's
 * configuration files, global and the project's, parsed by the same schema the plugin uses. An option that does not
 * validate fails the check (the plugin switches its feature off, or refuses to start), with the closest valid name.
 */

import fs from "node:fs";
import { parseOptions } from "../options.js";
import type { Finding } from "./doctor-files.js";
import { configFiles, readConfig } from "./opencode-config.js";
import { ownVersion } from "./own-package.js";
import { setupCommand } from "./setup-config.js";

export function optionFindings(env: NodeJS.ProcessEnv, project?: string): Finding[] {
  const findings: Finding[] = [];
  let entries = 0;
  for (const { file } of configFiles(env, project)) {
    if (!fs.existsSync(file)) continue;
    const config = readConfig(file);
    if (!config.ok) {
      findings.push({
        check: "options",
        status: "fail",
        detail: `${file} cannot be read: ${config.error}`,
        fix: "OpenCode reads it as JSON with comments; correct the file",
      });
      continue;
    }
    for (const entry of config.entries) {
      entries++;
      const { problems } = parseOptions(entry.options, env);
      for (const problem of problems) {
        findings.push({
          check: "options",
          status: "fail",
          detail: `${file}: ${problem.message}`,
          fix: "correct the option in that file and restart OpenCode",
        });
      }
    }
  }
  if (findings.length === 0) {
    findings.push({
      check: "options",
      status: entries > 0 ? "ok" : "warn",
      detail:
        entries > 0
          ? `${entries === 1 ? "1 plugin entry" : `${entries} plugin entries`} checked, all options valid`
          : "no OpenCode configuration here names opencode-ledger",
      ...(entries > 0 ? {} : { fix: `run: ${setupCommand(ownVersion())}` }),
    });
  }
  return findings;
}
