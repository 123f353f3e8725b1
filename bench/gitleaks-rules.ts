/**
 * The rules of gitleaks' default configuration (`config/gitleaks.toml` of gitleaks/gitleaks), read from a file
 * outside this repository: `LEDGER_GITLEAKS` names it, else `gitleaks/config/gitleaks.toml` beside the checkout (or
 * beside the folder of checkouts, for a git worktree). Nothing of it is kept in the repository.
 *
 * Only what the measurement needs is read: each `[[rules]]` table's `id`, its `regex` (a `'''literal'''` string, as
 * every rule writes it) and `secretGroup`. A rule without a regex (one that matches file names only) has no values.
 */
import fs from "node:fs";
import path from "node:path";

export interface GitleaksRule {
  readonly id: string;
  readonly regex: string;
  readonly secretGroup: number | undefined;
}

/** Where the configuration is looked for, first match wins. */
export function gitleaksCandidates(root: string): string[] {
  const named = process.env.LEDGER_GITLEAKS;
  if (named) return [named];
  const inner = path.join("gitleaks", "config", "gitleaks.toml");
  return [path.join(root, "..", inner), path.join(root, "..", "..", inner)];
}

/** The rules of the configuration at `file` that have a regex, in file order. */
export function readGitleaksRules(file: string): GitleaksRule[] {
  const text = fs.readFileSync(file, "utf8");
  const rules: GitleaksRule[] = [];
  // Each table runs from its header to the next; `[[rules.allowlists]]` belongs to the rule before it.
  for (const table of text.split(/^(?=\[)/m)) {
    if (!table.startsWith("[[rules]]")) continue;
    const id = /^id = "([^"]+)"/m.exec(table)?.[1];
    const regex = /^regex = '''([\s\S]*?)'''/m.exec(table)?.[1];
    const group = /^secretGroup = (\d+)/m.exec(table)?.[1];
    if (id === undefined) throw new Error(`a [[rules]] table without an id in ${file}`);
    if (regex !== undefined) rules.push({ id, regex, secretGroup: group === undefined ? undefined : Number(group) });
  }
  return rules;
}
