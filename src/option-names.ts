/**
 * Every option name the plugin knows, and the closest of them to a name it does not: a typo or a field put in the
 * wrong place (`retentionDays` at the top level) is answered with `did you mean "retention.retentionDays"`. The
 * names are listed here rather than read from the schemas so that an error costs no schema build; a test keeps the
 * list equal to the schemas.
 */
export const OPTION_FIELDS = {
  dataDir: [],
  compaction: ["mode", "overrideUserModel", "inlineOutputMaxBytes", "mapMaxTokens"],
  retention: ["retentionDays", "keepRecent", "maxSessions", "autoSweep", "autoPurge", "trashDays", "keepDeleted"],
  backfill: ["enabled", "delayMs", "cpuShare", "maxSessionMB", "database"],
  search: ["useRipgrep", "ripgrepPath"],
  injection: ["enabled", "maxChars"],
  actionRecall: ["enabled", "maxChars"],
  agentSaves: [],
  reflection: ["enabled", "model", "maxLessons", "transcriptChars"],
  tools: [],
} as const satisfies Record<string, readonly string[]>;

/** Every full option name: the sections, then `section.field`. */
export function optionNames(): string[] {
  const names: string[] = [];
  for (const [section, fields] of Object.entries(OPTION_FIELDS)) {
    names.push(section, ...fields.map((field) => `${section}.${field}`));
  }
  return names;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known option closest to `name` (a full dotted name as written), or undefined when none is near. A name whose
 * last part is a known field under another section counts as the nearest of all (`retentionDays` ->
 * `retention.retentionDays`); otherwise the edit distance over the last parts decides, within a third of the length.
 */
export function closestOption(name: string): string | undefined {
  const last = (n: string) => (n.split(".").at(-1) ?? n).toLowerCase();
  const wanted = last(name);
  const section = name.includes(".") ? name.slice(0, name.indexOf(".")) : undefined;
  let best: { name: string; score: number } | undefined;
  for (const candidate of optionNames()) {
    if (candidate === name) continue;
    // Within the section written, a field is preferred to the same name elsewhere.
    const here = section !== undefined && candidate.startsWith(`${section}.`) ? 0 : 0.5;
    const score = distance(wanted, last(candidate)) + here;
    if (!best || score < best.score) best = { name: candidate, score };
  }
  if (!best) return undefined;
  return best.score <= Math.max(1, Math.floor(wanted.length / 3)) + 0.5 ? best.name : undefined;
}
