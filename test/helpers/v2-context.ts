/**
 * A plugin context in the shape OpenCode 2.x's interface declares (src/host/v2/v2-context.ts, from 2.0.26), as a
 * host would hand it to `setup(ctx)`: tool transforms and hooks, session hooks, the session's stored messages
 * (`session.context`), synthetic messages, commands, permission hooks, `generate.text` and an event stream, each
 * recorded so a test can fire them the way the host would. 2.0.x cannot be installed here, so this stands in for the
 * host; the plugin's own code (the adapter, the store, the transcripts) runs for real. `preview: true` gives the
 * context of a `v2` preview of July, which has none of the optional domains.
 */
import type {
  V2CommandInvocation,
  V2Context,
  V2Event,
  V2PermissionHooks,
  V2SessionHooks,
  V2ToolContext,
  V2ToolHooks,
  V2ToolInfo,
} from "../../src/host/v2/v2-context.js";
import type { V2StoredMessage } from "../../src/transcripts/source/v2-messages.js";

export interface V2TestHost {
  ctx: V2Context;
  /** The tools the plugin added through `tool.transform`, by name. */
  tools: Map<string, V2ToolInfo>;
  /** The commands the plugin added through `command.transform`, by name. */
  commands: Map<string, { description?: string; execute: (input: V2CommandInvocation) => Promise<void> }>;
  /** Each session's stored messages, as `session.context()` answers them. */
  stored: Map<string, V2StoredMessage[]>;
  /** What `session.synthetic` was asked to post. */
  synthetic: { sessionID: string; text: string; description?: string }[];
  /** The prompts `generate.text` was asked, and what it answers. */
  generated: string[];
  answer: unknown;
  /** `domain.name` of every hook registered, in order. */
  registered: string[];
  /** Registrations disposed so far. */
  disposed: number;
  /** Runs the plugin's callbacks for a hook as the host would; resolves with the event as they left it. */
  fire<Name extends keyof V2SessionHooks>(
    domain: "session",
    name: Name,
    event: V2SessionHooks[Name],
  ): Promise<V2SessionHooks[Name]>;
  fire<Name extends keyof V2ToolHooks>(
    domain: "tool",
    name: Name,
    event: V2ToolHooks[Name],
  ): Promise<V2ToolHooks[Name]>;
  fire<Name extends keyof V2PermissionHooks>(
    domain: "permission",
    name: Name,
    event: V2PermissionHooks[Name],
  ): Promise<V2PermissionHooks[Name]>;
  /** Sends an event to every subscriber. */
  emit(event: V2Event): void;
  /** Subscribers whose stream is still open. */
  subscribers(): number;
}

/** The context 2.x passes a tool call of `sessionID`. */
export function toolCall(sessionID: string, id = "call_1"): V2ToolContext {
  return { sessionID, agent: "build", messageID: "msg_1", id, signal: new AbortController().signal };
}

/** A SessionContext event of `sessionID` (the `context` and `compaction` hooks' payload). */
export function sessionContext(sessionID: string, messages: V2SessionHooks["context"]["messages"] = []) {
  return {
    sessionID,
    agent: "build",
    model: { id: "stub-model", providerID: "stub" },
    system: [],
    messages: [...messages],
    options: {},
    tools: {},
  } satisfies V2SessionHooks["context"];
}

export interface V2TestOptions {
  /** The context of a `v2` preview: no session.context, synthetic, command, permission or generate. */
  preview?: boolean;
  /** Hook names (`domain.name`) whose registration throws, as a host refusing them would. */
  refuse?: string[];
}

export function v2TestHost(
  directory: string,
  options: Record<string, unknown> = {},
  test: V2TestOptions = {},
): V2TestHost {
  const tools = new Map<string, V2ToolInfo>();
  const callbacks = new Map<string, ((event: never) => Promise<void> | void)[]>();
  const streams = new Set<(event: V2Event | undefined) => void>();
  const host = {
    tools,
    commands: new Map() as V2TestHost["commands"],
    stored: new Map<string, V2StoredMessage[]>(),
    synthetic: [] as V2TestHost["synthetic"],
    generated: [] as string[],
    answer: { text: "lesson" } as unknown,
    registered: [] as string[],
    disposed: 0,
  };
  const registration = (onDispose: () => void = () => undefined) => ({
    dispose: async () => {
      host.disposed++;
      onDispose();
    },
  });
  const hook =
    (domain: string) => async (name: string | number | symbol, callback: (event: never) => Promise<void> | void) => {
      const key = `${domain}.${String(name)}`;
      if (test.refuse?.includes(key)) throw new Error(`${key} is not a hook of this host`);
      host.registered.push(key);
      callbacks.set(key, [...(callbacks.get(key) ?? []), callback]);
      return registration(() =>
        callbacks.set(
          key,
          (callbacks.get(key) ?? []).filter((c) => c !== callback),
        ),
      );
    };
  const full = !test.preview;
  const ctx: V2Context = {
    options,
    location: { directory, project: { id: "prj_test", directory } },
    tool: {
      transform: async (callback) => {
        if (test.refuse?.includes("tool.transform")) throw new Error("tool.transform refused");
        host.registered.push("tool.transform");
        callback({ add: (tool) => tools.set(tool.name, tool) });
        return registration(() => tools.clear());
      },
      hook: hook("tool"),
    },
    session: {
      hook: hook("session"),
      ...(full
        ? {
            context: async ({ sessionID }: { sessionID: string }) => {
              const stored = host.stored.get(sessionID);
              if (!stored) throw new Error(`Session not found: ${sessionID}`);
              return stored;
            },
            synthetic: async (input: { sessionID: string; text: string; description?: string }) => {
              host.synthetic.push(input);
              return { id: `msg_synthetic_${host.synthetic.length}` };
            },
          }
        : {}),
    },
    ...(full
      ? {
          command: {
            transform: async (callback) => {
              host.registered.push("command.transform");
              callback({ add: (definition) => host.commands.set(definition.name, definition) });
              return registration(() => host.commands.clear());
            },
          },
          permission: { hook: hook("permission") },
          generate: {
            text: async (input: { prompt: string }) => {
              host.generated.push(input.prompt);
              return host.answer;
            },
          },
        }
      : {}),
    event: {
      subscribe: () => ({
        [Symbol.asyncIterator]: () => {
          const queue: V2Event[] = [];
          let wake: ((event: V2Event | undefined) => void) | undefined;
          let open = true;
          const push = (event: V2Event | undefined) => {
            if (!open) return;
            if (wake) {
              const w = wake;
              wake = undefined;
              w(event);
            } else if (event) queue.push(event);
          };
          streams.add(push);
          return {
            next: async (): Promise<IteratorResult<V2Event>> => {
              const queued = queue.shift();
              if (queued) return { value: queued, done: false };
              if (!open) return { value: undefined, done: true };
              const event = await new Promise<V2Event | undefined>((resolve) => {
                wake = resolve;
              });
              return event ? { value: event, done: false } : { value: undefined, done: true };
            },
            return: async (): Promise<IteratorResult<V2Event>> => {
              open = false;
              streams.delete(push);
              wake?.(undefined);
              return { value: undefined, done: true };
            },
          };
        },
      }),
    },
  };
  return Object.assign(host, {
    ctx,
    async fire(domain: string, name: string, event: unknown) {
      for (const callback of callbacks.get(`${domain}.${name}`) ?? []) await callback(event as never);
      return event;
    },
    emit: (event: V2Event) => {
      for (const push of streams) push(event);
    },
    subscribers: () => streams.size,
  }) as V2TestHost;
}
