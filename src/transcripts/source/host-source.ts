/**
 * Reads sessions from the OpenCode server the plugin was given (its v1 client), the only peer the plugin talks to.
 */
import type { PluginInput } from "@opencode-ai/plugin";
import { HostError } from "../../errors.js";
import { loadOnce } from "../../lazy-load.js";
import type { SessionSource } from "./session-source.js";

type Client = PluginInput["client"];

/** What checks OpenCode's answers loads with the first read, not with the plugin. */
const narrowing = loadOnce(() => import("./session-source.js"));

export interface Answer {
  data?: unknown;
  error?: unknown;
  response?: Response;
}

/** The two reads a source needs, as calls that answer like the SDK's generated client (v1 or v2). */
export interface SourceCalls {
  session(sessionID: string, directory: string | undefined): Promise<Answer>;
  messages(sessionID: string, directory: string | undefined): Promise<Answer>;
}

/**
 * `directory` is sent as the `directory` query: routes are served per project instance, and it names ours.
 */
export function createHostSource(client: Client, directory?: string): SessionSource {
  return createSourceOver(
    {
      session: (id, dir) => client.session.get({ path: { id }, query: dir ? { directory: dir } : undefined }),
      messages: (id, dir) => client.session.messages({ path: { id }, query: dir ? { directory: dir } : undefined }),
    },
    directory,
  );
}

/** A session source over any client's calls: a 404 is "absent", any other failure a HostError. */
export function createSourceOver(calls: SourceCalls, directory?: string): SessionSource {
  async function ask(what: string, call: () => Promise<Answer>): Promise<unknown> {
    let answer: Answer;
    try {
      answer = await call();
    } catch (cause) {
      throw new HostError(`OpenCode did not answer for ${what}: ${describe(cause)}`, { cause });
    }
    if (answer.response?.status === 404) return undefined;
    if (answer.error !== undefined || answer.data === undefined) {
      const status = answer.response ? ` (HTTP ${answer.response.status})` : "";
      throw new HostError(`OpenCode refused ${what}${status}: ${describe(answer.error)}`);
    }
    return answer.data;
  }

  return {
    async session(sessionID, lookup) {
      const data = await ask(`session ${sessionID}`, () => calls.session(sessionID, lookup?.directory ?? directory));
      return data === undefined ? undefined : (await narrowing()).narrowSessionInfo(data, `session ${sessionID}`);
    },
    async messages(sessionID) {
      const data = await ask(`the messages of ${sessionID}`, () => calls.messages(sessionID, directory));
      return data === undefined ? [] : (await narrowing()).narrowSessionMessages(data, `messages of ${sessionID}`);
    },
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "object" && value !== null) {
    const data = (value as { data?: { message?: unknown } }).data;
    if (typeof data?.message === "string") return data.message;
    return JSON.stringify(value).slice(0, 300);
  }
  return String(value);
}
