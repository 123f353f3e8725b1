/**
 * Transcripts as the command line reaches them: the store's index and the files, with the plugin's own code. The tool
 * does not talk to OpenCode, so it cannot ask whether OpenCode still has a session; that question is answered
 * "unknown", which the retention sweep treats as "keep".
 */
import type { SessionSource } from "../transcripts/source/session-source.js";
import type { CliContext } from "./context.js";

const NO_HOST: SessionSource = {
  session: () => Promise.reject(new Error("the command line tool does not ask OpenCode")),
  messages: () => Promise.resolve([]),
};

export async function openTranscripts(ctx: CliContext) {
  const [{ createDataContext }, { createMemoryLogger }, { parseOptions }] = await Promise.all([
    import("../data-context.js"),
    import("../log.js"),
    import("../options.js"),
  ]);
  const { options } = parseOptions({ dataDir: ctx.dataDir }, ctx.env);
  const data = createDataContext(options, createMemoryLogger());
  return { data, source: NO_HOST, close: () => data.database.close() };
}

export type OpenTranscripts = Awaited<ReturnType<typeof openTranscripts>>;

export async function withTranscripts<T>(ctx: CliContext, fn: (t: OpenTranscripts) => Promise<T>): Promise<T> {
  const opened = await openTranscripts(ctx);
  try {
    return await fn(opened);
  } finally {
    opened.close();
  }
}
