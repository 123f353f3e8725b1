/**
 * A plugin context in the shape OpenCode 2.x's published interface declares (src/host/v2/v2-context.ts), as a
 * host would hand it to `setup(ctx)`: tool transforms and hooks, session hooks and an event stream, each recorded so
 * a test can fire them the way the host would. 2.x cannot be installed here, so this stands in for the host; the
 * plugin's own code (the adapter, the store, the transcripts) runs for real.
 */
import type {
  V2Context,
  V2Event,
  V2SessionHooks,
  V2ToolContext,
  V2ToolHooks,
  V2ToolInfo,
} from "../../src/host/v2/v2-context.js";

export interface V2TestHost {
  ctx: V2Context;
  /** The tools the plugin added through `tool.transform`, by name. */
  tools: Map<string, V2ToolInfo>;
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
  /** Sends an event to every subscriber. */
  emit(event: V2Event): void;
  /** Subscribers whose stream is still open. */
  subscribers(): number;
}

/** The context 2.x passes a tool call of `sessionID`. */
export function toolCall(sessionID: string, id = "call_1"): V2ToolContext {
  return { sessionID, agent: "build", messageID: "msg_1", id, signal: new AbortController().signal };
}

export function v2TestHost(directory: string, options: Record<string, unknown> = {}): V2TestHost {
  const tools = new Map<string, V2ToolInfo>();
  const callbacks = new Map<string, ((event: never) => Promise<void> | void)[]>();
  const streams = new Set<(event: V2Event | undefined) => void>();
  const host = {
    tools,
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
      host.registered.push(key);
      callbacks.set(key, [...(callbacks.get(key) ?? []), callback]);
      return registration(() =>
        callbacks.set(
          key,
          (callbacks.get(key) ?? []).filter((c) => c !== callback),
        ),
      );
    };
  const ctx: V2Context = {
    options,
    location: { directory, project: { id: "prj_test", directory } },
    tool: {
      transform: async (callback) => {
        host.registered.push("tool.transform");
        callback({ add: (tool) => tools.set(tool.name, tool) });
        return registration();
      },
      hook: hook("tool"),
    },
    session: { hook: hook("session") },
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
