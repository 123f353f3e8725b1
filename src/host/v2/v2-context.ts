/**
 * The slice of OpenCode 2.x's plugin interface this plugin uses, declared here from upstream's published source
 * (anomalyco/opencode: packages/plugin/src/promise/{plugin,tool,session,event,registration}.ts, packages/schema/src/
 * {tool,location}.ts, the LLM message and system part shapes), so the package depends on no 2.x package. Built to that
 * interface and not yet run live: only 1.18.33 can be installed here (docs/install.md). Upstream's `Plugin.define`
 * returns its argument unchanged; the loader reads `default` of the package's main entry and accepts it when it has a
 * string `id` and a `setup` function.
 */

/** What a `hook` or `transform` call resolves with. */
export interface V2Registration {
  readonly dispose: () => Promise<void>;
}

/** `ctx.<domain>.hook(name, callback)`: the callback may change the event's mutable fields. */
export type V2Hooks<Spec> = <Name extends keyof Spec>(
  name: Name,
  callback: (event: Spec[Name]) => Promise<void> | void,
) => Promise<V2Registration>;

export type V2Transform<Editor> = (callback: (editor: Editor) => void) => Promise<V2Registration>;

/** Tool.TextContent / Tool.FileContent. */
export type V2ToolContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "file"; readonly uri: string; readonly mime: string; readonly name?: string };

/** Tool.Result. */
export interface V2ToolResult {
  readonly output?: unknown;
  readonly content?: string | ReadonlyArray<V2ToolContent>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The promise flavour's ToolContext. */
export interface V2ToolContext {
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  readonly signal: AbortSignal;
}

/** Tool.Info: `input` is a Standard Schema (zod 4 is one), an Effect schema or a JSON Schema. */
export interface V2ToolInfo {
  readonly name: string;
  readonly description: string;
  readonly input: unknown;
  readonly execute: (input: unknown, context: V2ToolContext) => Promise<V2ToolResult>;
}

export interface V2ToolEditor {
  add(tool: V2ToolInfo): void;
}

interface V2ToolCallIdentity {
  readonly tool: string;
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  readonly input: unknown;
}

export interface V2ToolHooks {
  readonly "execute.after": V2ToolCallIdentity &
    ({ readonly status: "completed"; result: V2ToolResult } | { readonly status: "error"; error: unknown });
}

/** LLM.Message content parts the transcript keeps (the others are carried as opaque data). */
export type V2ContentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "reasoning"; readonly text: string }
  | { readonly type: "tool-call"; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: "tool-result"; readonly id: string; readonly name: string; readonly result: unknown }
  | { readonly type: "media"; readonly mediaType: string };

/** LLM.Message. */
export interface V2Message {
  readonly id?: string;
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content: ReadonlyArray<V2ContentPart>;
}

/** LLM.SystemPart. */
export interface V2SystemPart {
  readonly type: "text";
  readonly text: string;
}

/** Why a session request is made (SessionRequestKind). */
export type V2RequestKind = "primary" | "compaction" | "title" | "generate";

/** SessionContext: a request being built; `system` and `messages` may be changed. */
export interface V2SessionContext {
  readonly sessionID: string;
  readonly agent: string;
  readonly kind: V2RequestKind;
  system: V2SystemPart[];
  messages: V2Message[];
}

/** SessionCompactionResult: recorded as the compaction, and the model request is skipped. */
export interface V2CompactionResult {
  summary: string;
  metadata?: Record<string, unknown>;
}

export interface V2SessionHooks {
  readonly context: V2SessionContext;
  readonly compaction: V2SessionContext & { result?: V2CompactionResult };
}

/** A host event as `ctx.event.subscribe()` yields it. */
export interface V2Event {
  readonly type: string;
  readonly data?: unknown;
}

/** Location.Info. */
export interface V2Location {
  readonly directory: string;
  readonly project: { readonly id: string; readonly directory: string };
}

/** The plugin context `setup(ctx)` receives: the domains used here. */
export interface V2Context {
  readonly options: Readonly<Record<string, unknown>>;
  readonly location: V2Location;
  readonly tool: { readonly transform: V2Transform<V2ToolEditor>; readonly hook: V2Hooks<V2ToolHooks> };
  readonly session: { readonly hook: V2Hooks<V2SessionHooks> };
  readonly event: { readonly subscribe: () => AsyncIterable<V2Event> };
}

/** The hook names this plugin registers on 2.x, per domain (the contract test checks them against the interface). */
export const V2_HOOKS = {
  tool: ["execute.after"],
  session: ["context", "compaction"],
} as const satisfies { tool: readonly (keyof V2ToolHooks)[]; session: readonly (keyof V2SessionHooks)[] };
