/**
 * The plugin's tools and command hook assembled as src/plugin.ts assembles them (the same factories, the same
 * boundary), over one data folder and sessions held in memory instead of an OpenCode server, for one project or
 * another. Tests get the registered behaviour without starting OpenCode.
 */
import fs from "node:fs";
import path from "node:path";
import type { ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { createSessionPointer } from "../../src/compaction/session-pointer.js";
import { createCommandHook } from "../../src/host/v1/command-hook.js";
import { createMemoryLogger } from "../../src/log.js";
import { type Options, parseOptions } from "../../src/options.js";
import { normalizeScopePath } from "../../src/scope.js";
import { createRipgrepLocator } from "../../src/search/ripgrep/locate.js";
import { createTranscriptSearch } from "../../src/search/search.js";
import { createDataContext, ensureThrough, type IndexedDataContext } from "../../src/services.js";
import { createCommandRunner } from "../../src/slash-commands/command-runner.js";
import { createMemoryStore, type MemoryStore } from "../../src/store/memory-store.js";
import { createSessionReadTool } from "../../src/tools/memory-session-read.js";
import { createSessionSearchTool } from "../../src/tools/memory-session-search.js";
import { createMemoryTools } from "../../src/tools/memory-tools.js";
import { createTranscriptCleanupTool } from "../../src/tools/memory-transcript-cleanup.js";
import { createTranscriptListTool } from "../../src/tools/memory-transcript-list.js";
import { toolBoundaries } from "../../src/tools/tool-boundary.js";
import { createMemorySource, type SessionExport } from "../../src/transcripts/source/export-file-source.js";
import { createTranscripts } from "../../src/transcripts/transcript-service.js";
import type { Transcripts } from "../../src/transcripts/transcripts.js";
import { tempDir } from "./temp-dir.js";
import { toolContext } from "./tool-context.js";

export interface ProjectParts {
  scope: string;
  ctx: ToolContext;
  tools: Record<string, ToolDefinition>;
  transcripts: Transcripts;
  /** Runs `command.execute.before` for a command; resolves with the text it put in the message. */
  command(command: string, args: string): Promise<string>;
  /** Calls a tool as OpenCode would; the result as text. */
  call(tool: string, args: Record<string, unknown>): Promise<string>;
}

export interface PluginParts {
  root: string;
  dataDir: string;
  data: IndexedDataContext;
  memory: MemoryStore;
  options: Options;
  /** The sessions OpenCode "has"; push to add one. */
  sessions: SessionExport[];
  /** The parts of the plugin instance serving `folder` (a real folder under root, created on demand). */
  project(folder: string): ProjectParts;
}

/** `root`: a folder of the caller's (one per suite, removed by it); by default a temp folder removed after the test. */
export function pluginParts(
  rawOptions: Record<string, unknown> = {},
  root = normalizeScopePath(tempDir()),
): PluginParts {
  const dataDir = path.join(root, "data");
  const { options, problems } = parseOptions({ search: { useRipgrep: false }, ...rawOptions, dataDir });
  if (problems.length > 0) throw problems[0];
  const data = createDataContext(options, createMemoryLogger());
  const memory = createMemoryStore({
    database: data.database,
    clock: data.clock,
    trashDays: options.retention.trashDays,
  });
  const sessions: SessionExport[] = [];
  const source = createMemorySource(sessions);
  const project = (folder: string): ProjectParts => {
    const dir = path.join(root, folder);
    fs.mkdirSync(dir, { recursive: true });
    const scope = normalizeScopePath(dir);
    const transcripts = createTranscripts({ data, source, scope });
    const search = createTranscriptSearch({
      transcriptsDir: data.transcriptsDir,
      database: data.database,
      useRipgrep: options.search.useRipgrep,
      locateRipgrep: createRipgrepLocator(options.search.ripgrepPath),
      ensureTranscript: ensureThrough(transcripts),
      index: data.searchIndex,
    });
    const tools: Record<string, ToolDefinition> = toolBoundaries({
      ...createMemoryTools({ memory, options }),
      memory_session_read: createSessionReadTool({ transcripts }),
      memory_session_search: createSessionSearchTool({ search }),
      memory_transcript_list: createTranscriptListTool({ data, transcripts }),
      memory_transcript_cleanup: createTranscriptCleanupTool({ data, transcripts }),
    });
    const hook = createCommandHook(
      createCommandRunner({ sessionPointer: createSessionPointer({ exportSession: (id) => transcripts.export(id) }) }),
    );
    const ctx = toolContext(scope);
    return {
      scope,
      ctx,
      tools,
      transcripts,
      async command(command, args) {
        const parts = [{ id: "prt_1", sessionID: ctx.sessionID, messageID: "msg_1", type: "text", text: args }];
        await hook({ command, sessionID: ctx.sessionID, arguments: args }, { parts } as never);
        return parts.map((p) => p.text).join("\n");
      },
      async call(tool, args) {
        const definition = tools[tool];
        if (!definition) throw new Error(`no tool ${tool}`);
        return String(await definition.execute(args as never, ctx));
      },
    };
  };
  return { root, dataDir, data, memory, options, sessions, project };
}
