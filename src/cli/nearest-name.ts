/**
 * The known name closest to a mistyped one, to suggest it: a command (`stat` -> `stats`) or a flag (`--sesion` ->
 * `--session`). Two edits at most, so that a name unlike any known one gets no suggestion rather than a wrong one.
 */

const MAX_EDITS = 2;

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate nearest `name` within two edits (the first of equals), or undefined. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance <= MAX_EDITS && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}
