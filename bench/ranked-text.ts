/**
 * How a ranked search's text names sessions and hits (src/search/render.ts), for the evaluations that read it back:
 * a session's heading `# ses_… · "title"`, then each of its hits in a row, `## 2 · kind · time`, with its lines
 * `<line>: text` (the answering line) and `<line>- text` (context).
 */

/** A session's heading: the session of the hits below it. */
export const SESSION_HEADING = /^# (ses_\w+)/;
/** A hit's header, under its session's heading. */
export const HIT_HEADER = /^## \d+(?: · |$)/;
