/** Durations the plugin counts in, declared once. */

export const DAY_MS = 86_400_000;

/**
 * Clocks of two machines disagree a little: a time of something that already happened (made, changed, trashed) that
 * is up to this far ahead of this machine's clock is taken as it is; later, it is refused (an import, a team line).
 */
export const CLOCK_SLACK_MS = DAY_MS;
