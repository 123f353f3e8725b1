/** Sizes, durations and counts as a person reads them, in a tool result, the TUI or the command line. */

/** Decimal units, as disks and file managers count them: "999 B", "1.5 kB", "12.0 MB", "1.25 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * Made once, at the first count formatted (not when the module loads: it loads in every OpenCode process):
 * `n.toLocaleString("en-US")` makes a formatter at each call, some 70 µs under Bun (a ranked search's last line took
 * four, about 0.3 ms of a search of one session); this one formats the same in about 1 µs.
 */
let enUS: Intl.NumberFormat | undefined;

/** A count with its thousands grouped, as `n.toLocaleString("en-US")` writes it: "1,200". */
export function grouped(n: number): string {
  enUS ??= new Intl.NumberFormat("en-US");
  return enUS.format(n);
}

/** "1 entry", "3 entries", "1,200 transcripts". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/** Part of a whole, as a count of it: "all 30 transcripts", "1 transcript", "28 of 30 transcripts". */
export function partOf(n: number, whole: number, one: string, many = `${one}s`): string {
  if (n !== whole) return `${grouped(n)} of ${plural(whole, one, many)}`;
  return whole > 1 ? `all ${plural(whole, one, many)}` : plural(whole, one, many);
}

/** The pronoun for a count of things: "removes it" for one, "removes them" for more. */
export function them(n: number): string {
  return n === 1 ? "it" : "them";
}
