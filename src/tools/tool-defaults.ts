/**
 * The defaults and bounds that a tool's arguments state to the agent and its call applies, in one place for both
 * halves of a tool (the definition read at start, the call in ./run/ loaded on first use).
 */

/** How many entries memory_search shows when no limit is given. */
export const SEARCH_DEFAULT_LIMIT = 10;
/** How many entries memory_list shows, and memory_history's recent changes, when no limit is given. */
export const LIST_DEFAULT_LIMIT = 20;

/** memory_session_read's window: lines when no limit is given, most lines, most bytes. */
export const READ_DEFAULT_LINES = 200;
export const READ_MAX_LINES = 2_000;
export const READ_MAX_BYTES = 100_000;

/**
 * Upper bounds for counts that need none in practice: stated so that a schema's integer is not bounded by 2^53 - 1,
 * sixteen digits that every request carried for each such argument.
 */
export const MAX_OFFSET = 1_000_000;
export const MAX_LINE = 100_000_000;
export const MAX_COUNT = 1_000_000;
