/**
 * The slice of OpenCode 2.x's plugin interface this plugin uses, declared here so the package depends on no 2.x
 * package. Read from upstream's source as published at @opencode/plugin 2.0.26, in the fork zjdCander/opencode at
 * commit 1066927be4e23572e7b4a2028435d62fb38ce694: packages/plugin/src/promise/{plugin,registration,tool,session,
 * command,permission,event}.ts, packages/schema/src/{tool,permission,session-message,location}.ts,
 * packages/ai/src/schema/messages.ts (LLM.Message and its parts), packages/client/src/promise/generated/client.ts
 * (`session.context`, `session.synthetic`, `generate.text`) and packages/core/src/session/sql.ts (the tables the
 * backfill reads). Built to that interface; live-tested only against a `v2` preview of July (docs/install.md).
 * Upstream's `Plugin.define` returns its argument unchanged; the loader reads `default` of the package's main entry
 * and accepts it when it has a string `id` and a `setup` function.
 */
import type { V2StoredMessage } from "../../transcripts/source/v2-messages.js";

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
  readonly progress?: (update: Readonly<Record<string, unknown>>) => Promise<void>;
}

/**
 * Tool.Options: `codemode: false` puts the tool on the model's native tool list; by default (codemode) it is only
 * reachable from inside the `execute` code tool.
 */
export interface V2ToolOptions {
  readonly codemode?: boolean;
  readonly namespace?: string;
  readonly permission?: string;
}

/**
 * The Standard JSON Schema a 2.x host reads a Standard Schema input through (`~standard.jsonSchema.input`), beside
 * the Standard Schema's own `validate`.
 */
export interface V2StandardJsonSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly jsonSchema: {
      readonly input: (options?: { readonly target?: string }) => Record<string, unknown>;
      readonly output: (options?: { readonly target?: string }) => Record<string, unknown>;
    };
  };
}

/** Tool.Info: `input` is a Standard Schema (with its JSON Schema), an Effect schema or a JSON Schema. */
export interface V2ToolInfo {
  readonly name: string;
  readonly description: string;
  readonly input: V2StandardJsonSchema;
  readonly options?: V2ToolOptions;
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

/** LLM.Content.Media: `media` is the asset (data or a reference), `filename` its name. */
export interface V2MediaPart {
  readonly type: "media";
  readonly media: unknown;
  readonly filename?: string;
}

/** LLM.ToolResult: `content` carries Tool.Content parts. */
export type V2ToolResultValue =
  | { readonly type: "json" | "text" | "error"; readonly value: unknown }
  | { readonly type: "content"; readonly value: ReadonlyArray<V2ToolContent> };

/** LLM.Message content parts (ContentPart). */
export type V2ContentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "reasoning"; readonly text: string }
  | { readonly type: "tool-call"; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: "tool-result"; readonly id: string; readonly name: string; readonly result: V2ToolResultValue }
  | V2MediaPart
  /** A provider's context checkpoint (encrypted, or a summary text). */
  | {
      readonly type: "compaction";
      readonly provider: string;
      readonly text?: string | null;
      readonly encrypted?: string;
    }
  /** The reasoning effort changed here. */
  | { readonly type: "effort"; readonly effort?: string; readonly previous?: string };

/** LLM.Message. */
export interface V2Message {
  readonly id?: string;
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content: ReadonlyArray<V2ContentPart>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** LLM.SystemPart. */
export interface V2SystemPart {
  readonly type: "text";
  readonly text: string;
}

/** Model.Ref. */
export interface V2ModelRef {
  readonly id: string;
  readonly providerID: string;
  readonly variant?: string;
}

/**
 * SessionContext: a primary request of the agent loop being built (compaction, generate and title requests have
 * hooks of their own); `system`, `messages` and `tools` may be changed.
 */
export interface V2SessionContext {
  readonly sessionID: string;
  readonly model: V2ModelRef;
  readonly agent: string;
  system: V2SystemPart[];
  messages: V2Message[];
  options: Record<string, unknown>;
  tools: Record<string, { description: string; input: unknown }>;
}

/** SessionCompactionResult: recorded as the compaction, and the model request is skipped. */
export interface V2CompactionResult {
  summary: string;
  metadata?: Record<string, unknown>;
}

/** SessionPrompt: a prompt the person sent, before it is admitted. */
export interface V2SessionPrompt {
  readonly sessionID: string;
  readonly messageID: string;
  prompt: { text?: string };
}

export interface V2SessionHooks {
  readonly prompt: V2SessionPrompt;
  readonly context: V2SessionContext;
  readonly compaction: V2SessionContext & { result?: V2CompactionResult };
}

/** CommandInvocation: `prompt.text` holds what the person typed after the command's name. */
export interface V2CommandInvocation {
  readonly sessionID: string;
  readonly prompt: { readonly text?: string };
}

export interface V2CommandEditor {
  add(definition: {
    readonly name: string;
    readonly description?: string;
    readonly execute: (input: V2CommandInvocation) => Promise<void>;
  }): void;
}

/** PermissionEvaluation: `effect` may be changed (allow, deny, ask). */
export interface V2PermissionEvaluation {
  readonly sessionID: string;
  readonly action: string;
  readonly resources: ReadonlyArray<string>;
  effect: "allow" | "deny" | "ask";
}

export interface V2PermissionHooks {
  readonly evaluate: V2PermissionEvaluation;
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

/** The session API calls used: the stored messages since the last compaction, and a message that asks no turn. */
export interface V2SessionApi {
  readonly hook: V2Hooks<V2SessionHooks>;
  readonly context?: (input: { sessionID: string }) => Promise<readonly V2StoredMessage[]>;
  readonly synthetic?: (input: { sessionID: string; text: string; description?: string }) => Promise<unknown>;
}

/** The plugin context `setup(ctx)` receives: the domains used here (the optional ones are used when present). */
export interface V2Context {
  readonly options: Readonly<Record<string, unknown>>;
  readonly location: V2Location;
  readonly tool: { readonly transform: V2Transform<V2ToolEditor>; readonly hook: V2Hooks<V2ToolHooks> };
  readonly session: V2SessionApi;
  readonly event: { readonly subscribe: () => AsyncIterable<V2Event> };
  readonly command?: { readonly transform: V2Transform<V2CommandEditor> };
  readonly permission?: { readonly hook: V2Hooks<V2PermissionHooks> };
  /** GenerateApi: one model call, on the default model unless `model` names one. */
  readonly generate?: { readonly text: (input: { prompt: string; model?: string }) => Promise<unknown> };
}

/** The hook names this plugin registers on 2.x, per domain (the contract test checks them against the interface). */
export const V2_HOOKS = {
  tool: ["execute.after"],
  session: ["prompt", "context", "compaction"],
  permission: ["evaluate"],
} as const satisfies {
  tool: readonly (keyof V2ToolHooks)[];
  session: readonly (keyof V2SessionHooks)[];
  permission: readonly (keyof V2PermissionHooks)[];
};
