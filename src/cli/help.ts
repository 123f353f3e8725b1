/**
 * Help text, built from the command specs (plain data): printing it loads neither zod nor the store.
 */
import { GLOBAL_FLAGS } from "./args.js";
import type { CommandSpec, FlagSpec } from "./command.js";
import { COMMANDS, type CommandEntry, GROUPS, groupCommands } from "./command-list.js";

export const BIN = "opencode-ledger";

export const EXIT_CODES =
  "Exit codes: 0 ok; 1 failure (not found, refused, something wrong); 2 usage error (bad flag).";

function rows(items: readonly [string, string][]): string[] {
  const left = Math.max(...items.map(([l]) => l.length));
  return items.map(([l, r]) => `  ${l.padEnd(left)}  ${r}`);
}

function flagRows(flags: Record<string, FlagSpec>): string[] {
  return rows(
    Object.entries(flags).map(([name, f]) => [
      `${f.short ? `-${f.short}, ` : ""}--${name}${f.value ? ` ${f.value}` : ""}`,
      f.description + (f.multiple ? " (repeatable)" : ""),
    ]),
  );
}

function usageLine(spec: CommandSpec): string {
  const args = spec.positionals.map((p) => {
    const name = `<${p.name}>${p.variadic ? "..." : ""}`;
    return p.required ? name : `[${name}]`;
  });
  return [BIN, spec.name, ...args, "[flags]"].join(" ");
}

export function commandHelp(spec: CommandSpec, entry: CommandEntry): string {
  const out = [`${entry.summary}.`, "", `Usage: ${usageLine(spec)}`, "", spec.description.trim()];
  if (spec.positionals.length > 0) {
    out.push("", "Arguments:", ...rows(spec.positionals.map((p) => [`<${p.name}>`, p.description])));
  }
  if (Object.keys(spec.flags).length > 0) out.push("", "Flags:", ...flagRows(spec.flags));
  out.push("", "Global flags:", ...flagRows(GLOBAL_FLAGS));
  if (spec.examples?.length) out.push("", "Examples:", ...spec.examples.map((e) => `  ${e}`));
  out.push("", EXIT_CODES);
  return out.join("\n");
}

export function groupHelp(group: string): string {
  const subs = groupCommands(group);
  return [
    `${GROUPS[group] ?? group}.`,
    "",
    `Usage: ${BIN} ${group} <command> [flags]`,
    "",
    "Commands:",
    ...rows(subs.map((c) => [c.name.slice(group.length + 1), c.summary])),
    "",
    `Run "${BIN} ${group} <command> --help" for the flags of one command.`,
    "",
    EXIT_CODES,
  ].join("\n");
}

export function mainHelp(): string {
  const top = COMMANDS.filter((c) => !c.name.includes(" "));
  const groups = Object.entries(GROUPS).map(([g, s]): [string, string] => [`${g} <command>`, s]);
  return [
    `${BIN}: inspect and curate the opencode-ledger store (memory entries and transcripts) outside OpenCode.`,
    "",
    `Usage: ${BIN} <command> [flags]`,
    "",
    "Commands:",
    ...rows([...top.map((c): [string, string] => [c.name, c.summary]), ...groups]),
    "",
    "Global flags:",
    ...flagRows({ ...GLOBAL_FLAGS, version: { type: "boolean", short: "V", description: "Print the version" } }),
    "",
    `Run "${BIN} <command> --help" for the flags of one command.`,
    "",
    EXIT_CODES,
  ].join("\n");
}
