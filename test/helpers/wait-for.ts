/** Resolves once `check` holds, polling every 25 ms; rejects after `ms` (work the code under test does in the background). */
export async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
