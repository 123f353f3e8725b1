/**
 * The order of the hits when several sessions are searched: each unit lifted by the best other unit of its session,
 * then put in order one at a time, a session's units weighing less for each of its units ahead.
 */

/** What the order of the hits needs of a unit scored by the second look. */
export interface InSession {
  score: number;
  row: { session_id: string };
}

/**
 * Each unit lifted by `lift` (the profile's sessions.lift) times the best score of another unit of its session among
 * those the second look read: a session that answers a question often does so in more than one message.
 */
export function liftedBySession(scored: readonly InSession[], lift: number): void {
  const best = new Map<string, InSession[]>();
  for (const s of scored) {
    const [first, second] = best.get(s.row.session_id) ?? [];
    const top = [first, second, s].filter((x): x is InSession => x !== undefined).sort((a, b) => b.score - a.score);
    best.set(s.row.session_id, top.slice(0, 2));
  }
  const lifts = scored.map((s) => {
    const [first, second] = best.get(s.row.session_id) ?? [];
    const other = first === s ? second : first;
    return lift * (other?.score ?? 0);
  });
  for (const [i, s] of scored.entries()) s.score += lifts[i] as number;
}

/**
 * The units best first, put in order one at a time, a unit's score weighing `repeat` (the profile's sessions.repeat)
 * times less for each unit of its session already ahead of it: the first hits name more of the sessions that may
 * answer, and the first is the best unit either way.
 */
export function inOrder<T extends InSession>(scored: readonly T[], repeat: number): T[] {
  const left = [...scored];
  const ahead = new Map<string, number>();
  const order: T[] = [];
  while (left.length > 0) {
    let at = 0;
    let value = Number.NEGATIVE_INFINITY;
    for (const [i, s] of left.entries()) {
      const v = s.score * repeat ** (ahead.get(s.row.session_id) ?? 0);
      if (v > value) {
        value = v;
        at = i;
      }
    }
    const [next] = left.splice(at, 1) as [T];
    order.push(next);
    ahead.set(next.row.session_id, (ahead.get(next.row.session_id) ?? 0) + 1);
  }
  return order;
}
