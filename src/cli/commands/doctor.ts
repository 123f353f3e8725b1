/**
 * `doctor`: checks what the plugin relies on and says, for each problem, what is wrong and what to do. It changes
 * nothing unless asked with --fix (file modes tightened, full-text index rebuilt). Exit code 1 when a problem remains.
 */
import { defineCommand, EXIT } from "../command.js";
import type { Finding } from "../doctor-files.js";

export const command = defineCommand({
  name: "doctor",
  description:
    "Checks the data folder and the store: the plugin's options where OpenCode reads them (opencode.json and tui.json, global and the project's; one that does not validate fails, with the closest valid name), which SQLite driver runs (a missing driver is named as such, never as a damaged store), the migrations folder that ships with the package, file modes (folders 0700, files 0600: data folder, ledger.db and its -wal/-shm, the transcripts), the store's schema version against the one this version knows (a store too new is only read), PRAGMA integrity_check, the full-text index against the entries, transcript files against the store's index of them (files without rows, rows without files), the full-text search index of the transcripts (absent, damaged, newer, behind, fragmented, or another database in its place) with its size on disk, WAL included, the current project's team memory file (.opencode/memory/team.jsonl), each bad line by number, and the copies of the plugin OpenCode has cached against the store's schema and the newest version seen here (this tool's own; doctor does not ask the registry). Each problem comes with what to do. It changes nothing, unless --fix is given: then loose file modes are tightened, a full-text index that does not match is rebuilt, a search index that is absent or damaged is rebuilt from the transcripts (not while another process has it open), one behind or of many segments is brought up to date and merged in place, and a file at its path that is no index of ours is moved aside, unchanged.",
  positionals: [],
  flags: {
    fix: {
      type: "boolean",
      description: "Tighten loose file modes and rebuild a broken full-text index or search index",
    },
  },
  examples: ["opencode-ledger doctor", "opencode-ledger doctor --fix", "opencode-ledger doctor --json"],
  schema: (z, s) =>
    s.input({ fix: z.boolean().optional(), _: z.array(z.string()).max(0, "doctor takes no arguments") }),
  async run(input, ctx) {
    const { diagnose, repair } = await import("../doctor-run.js");
    const { projectOf } = await import("../project.js");
    const project = projectOf(ctx.cwd);
    let report = await diagnose(ctx.dataDir, project, ctx.env);
    let fixed: string[] = [];
    if (input.fix) {
      fixed = await repair(report);
      if (fixed.length > 0) report = await diagnose(ctx.dataDir, project, ctx.env);
    }
    const failures = report.findings.filter((f) => f.status === "fail");
    if (ctx.json) {
      ctx.printJson({ dataDir: ctx.dataDir, ok: failures.length === 0, fixed, findings: report.findings.map(plain) });
    } else {
      for (const line of fixed) ctx.print(`fixed  ${line}`);
      ctx.print(render(report.findings, ctx.color));
      ctx.print(
        failures.length === 0
          ? "No problems found."
          : `${failures.length} problem${failures.length === 1 ? "" : "s"} found.${input.fix ? "" : ' Some may be fixed by "opencode-ledger doctor --fix".'}`,
      );
    }
    return failures.length === 0 ? EXIT.ok : EXIT.failure;
  },
});

function plain(f: Finding) {
  const { repair: _repair, ...rest } = f;
  return { ...rest, fixable: f.repair !== undefined };
}

const LABEL = { ok: "ok", warn: "warn", fail: "FAIL" } as const;
const COLOUR = { ok: "32", warn: "33", fail: "31" } as const;

function render(findings: readonly Finding[], color: boolean): string {
  const width = Math.max(...findings.map((f) => f.check.length));
  return findings
    .map((f) => {
      const label = LABEL[f.status].padEnd(4);
      const status = color ? `\u001b[${COLOUR[f.status]}m${label}\u001b[0m` : label;
      const line = `${status}  ${f.check.padEnd(width)}  ${f.detail}`;
      return f.fix ? `${line}\n${" ".repeat(width + 8)}what to do: ${f.fix}` : line;
    })
    .join("\n");
}
