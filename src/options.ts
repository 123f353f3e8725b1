/**
 * Plugin options: one zod schema, validated at the edge. Each section belongs to one feature; a section that does not
 * validate is reported by name and switches off only that feature, never falls back silently to a default.
 */
import path from "node:path";
import type { output, ZodType } from "zod";
import { defaultDataDir } from "./data-dir.js";
import { InvalidOptionError } from "./errors.js";
import { closestOption } from "./option-names.js";
import { z } from "./zod.js";

export { defaultDataDir };

/**
 * What each section is when the options leave it out. The schemas default to these same objects, and an absent section
 * is not parsed at all: most setups give no options, and building the schemas cost every OpenCode start several ms.
 */
const SECTION_DEFAULTS = {
  dataDir: undefined,
  compaction: { mode: "pointer", overrideUserModel: false, inlineOutputMaxBytes: 50_000, mapMaxTokens: 1_000 },
  retention: {
    retentionDays: 0,
    keepRecent: 10,
    maxSessions: 0,
    autoSweep: true,
    autoPurge: true,
    trashDays: 30,
    keepDeleted: false,
  },
  backfill: { enabled: true, delayMs: 10_000, cpuShare: 0.25, maxSessionMB: 64 },
  search: { useRipgrep: true },
  injection: { enabled: true, maxChars: 1_200 },
  actionRecall: { enabled: true, maxChars: 600 },
  agentSaves: "active",
  reflection: { enabled: false, maxLessons: 3, transcriptChars: 8_000 },
  tools: "core",
} as const;

const count = (max: number) => z.number().int().min(0).max(max);

const SECTION_SCHEMAS = {
  /** Folder of the store and the transcripts. Default `$XDG_DATA_HOME/opencode-ledger` (`~/.local/share/opencode-ledger`). */
  dataDir: () => z.string().min(1).optional(),
  compaction: () =>
    z
      .strictObject({
        /** `pointer` (default): zero-cost pointer from a model served in-process; `prompt`: the user's compaction model gets no history and the pointer is stored; `off`: OpenCode's own compaction. */
        mode: z.enum(["pointer", "prompt", "off"]).default("pointer"),
        /** When the user configured `agent.compaction.model`, replace it by the in-process pointer model (default false: keep theirs, use `prompt` mode, and say so in the log). */
        overrideUserModel: z.boolean().default(false),
        /** Tool outputs longer than this are cut head and tail in the transcript (default 50,000 bytes). */
        inlineOutputMaxBytes: z.number().int().min(1_000).max(10_000_000).default(50_000),
        /** Bound of the session map that stands for the compacted turns, in estimated tokens (default 1,000; 200 to 4,000). */
        mapMaxTokens: z.number().int().min(200).max(4_000).default(1_000),
      })
      .default(SECTION_DEFAULTS.compaction),
  retention: () =>
    z
      .strictObject({
        /** Transcripts of sessions not used (no message) for longer than this many days become eligible for cleanup (default 0: keep all). */
        retentionDays: count(36_500).default(0),
        /** Never remove the transcripts of the N sessions of a project used last (default 10). */
        keepRecent: count(100_000).default(10),
        /** Keep at most this many transcripts per project (default 0: no cap). */
        maxSessions: count(1_000_000).default(0),
        /** Sweep by these rules after start-up and after each compaction when a rule is set (default true). */
        autoSweep: z.boolean().default(true),
        /**
         * Purge memory after start-up: expired entries and trash older than `trashDays` (default true). Its own
         * switch: turning the transcript sweep off keeps it.
         */
        autoPurge: z.boolean().default(true),
        /** Trashed memory entries older than this many days are purged (default 30). */
        trashDays: z.number().int().min(1).max(36_500).default(30),
        /** Keep the transcript of a session deleted in OpenCode (default false: it is marked orphaned at once and the sweep removes it, as the person asked OpenCode to forget it). */
        keepDeleted: z.boolean().default(false),
      })
      .default(SECTION_DEFAULTS.retention),
  backfill: () =>
    z
      .strictObject({
        /** Turn every session OpenCode holds into a transcript in the background after start-up (default true). */
        enabled: z.boolean().default(true),
        /** Wait this long after start-up before the backfill begins (default 10,000 ms). */
        delayMs: count(600_000).default(10_000),
        /** Share of one core the background backfill may take (default 0.25). */
        cpuShare: z.number().min(0.01).max(1).default(0.25),
        /** Sessions holding more stored data than this are skipped by the backfill, with a reason in the log (default 64 MB). */
        maxSessionMB: z.number().min(1).max(4_096).default(64),
        /** OpenCode's database file; default: where OpenCode keeps it (`$XDG_DATA_HOME/opencode/opencode.db`, `OPENCODE_DB`). */
        database: z.string().min(1).optional(),
      })
      .default(SECTION_DEFAULTS.backfill),
  search: () =>
    z
      .strictObject({
        /** Use a native ripgrep for transcript search when one is found (default true). */
        useRipgrep: z.boolean().default(true),
        /** Path of the `rg` binary; default: `rg` on PATH, then OpenCode's own `~/.cache/opencode/bin/rg`. */
        ripgrepPath: z.string().min(1).optional(),
      })
      .default(SECTION_DEFAULTS.search),
  injection: () =>
    z
      .strictObject({
        /** Add the bounded memory block and the save/search nudge to the first request of a session (default true). */
        enabled: z.boolean().default(true),
        /** Upper bound of the injected memory block in characters (default 1,200). */
        maxChars: z.number().int().min(200).max(4_000).default(1_200),
      })
      .default(SECTION_DEFAULTS.injection),
  actionRecall: () =>
    z
      .strictObject({
        /** After OpenCode's edit, write, apply_patch or bash, append the saved entries that name the file or command (default true). */
        enabled: z.boolean().default(true),
        /** Characters appended to tool results per user turn, over all its tool calls (default 600; 200 to 4,000). */
        maxChars: z.number().int().min(200).max(4_000).default(600),
      })
      .default(SECTION_DEFAULTS.actionRecall),
  /** `active` (default): what the agent saves is live at once; `candidate`: it waits for a person's review. */
  agentSaves: () => z.enum(["active", "candidate"]).default(SECTION_DEFAULTS.agentSaves),
  reflection: () =>
    z
      .strictObject({
        /** Distil lessons from an idle session's transcript tail with one bounded model call (default false). */
        enabled: z.boolean().default(false),
        /** `provider/model` for the reflection call; default: the session's own model. */
        model: z
          .string()
          .regex(/^[^/\s]+\/\S+$/, "expected provider/model")
          .optional(),
        /** At most this many lessons per reflection (default 3). */
        maxLessons: z.number().int().min(1).max(10).default(3),
        /** Characters of transcript tail sent to the reflection call (default 8,000). */
        transcriptChars: z.number().int().min(1_000).max(50_000).default(8_000),
      })
      .default(SECTION_DEFAULTS.reflection),
  /** `core` (default): memory_save, memory_search, memory_history, memory_forget, memory_session_search and memory_session_read, within 1,500 tokens a request; `all`: the twelve tools (list, review, restore, stats and transcript list and cleanup too). */
  tools: () => z.enum(["all", "core"]).default(SECTION_DEFAULTS.tools),
};

type Sections = { [K in keyof typeof SECTION_SCHEMAS]: ReturnType<(typeof SECTION_SCHEMAS)[K]> };

const built: Partial<Sections> = {};
/** The schema of one section, built on first use. */
function optionSection<K extends OptionFeature>(key: K): Sections[K] {
  const schema = built[key] ?? (SECTION_SCHEMAS[key]() as Sections[K]);
  built[key] = schema;
  return schema;
}

/** The schema of every section (for tests and documentation; parsing builds only the sections it is given). */
export function optionSections(): Sections {
  const keys = Object.keys(SECTION_SCHEMAS) as OptionFeature[];
  return Object.fromEntries(keys.map((key) => [key, optionSection(key)])) as Sections;
}

export type Options = { [K in keyof Sections]: output<Sections[K]> } & { dataDir: string };
export type OptionFeature = keyof Sections;

export interface ParsedOptions {
  options: Options;
  /** Features switched off because their option did not validate. */
  disabled: Set<OptionFeature>;
  problems: InvalidOptionError[];
}

const OFF: Partial<{ [K in OptionFeature]: output<Sections[K]> }> = {
  compaction: { mode: "off", overrideUserModel: false, inlineOutputMaxBytes: 50_000, mapMaxTokens: 1_000 },
  retention: {
    retentionDays: 0,
    keepRecent: 10,
    maxSessions: 0,
    autoSweep: false,
    autoPurge: false,
    trashDays: 30,
    keepDeleted: true,
  },
  backfill: { enabled: false, delayMs: 10_000, cpuShare: 0.25, maxSessionMB: 64 },
  search: { useRipgrep: false },
  injection: { enabled: false, maxChars: 1_200 },
  actionRecall: { enabled: false, maxChars: 600 },
  reflection: { enabled: false, maxLessons: 3, transcriptChars: 8_000 },
};

const OFF_UNTIL_FIXED = "this feature is switched off until it is fixed";

/** An option name nobody knows, with the closest one that exists. */
function unknownOption(name: string, consequence = "it is ignored"): InvalidOptionError {
  const near = closestOption(name);
  const hint = near ? `did you mean "${near}"?` : `known options: ${Object.keys(SECTION_DEFAULTS).join(", ")}`;
  return new InvalidOptionError(name, `unknown option (${consequence}); ${hint}`);
}

export function parseOptions(raw: unknown, env: NodeJS.ProcessEnv = process.env): ParsedOptions {
  const problems: InvalidOptionError[] = [];
  const disabled = new Set<OptionFeature>();
  const input: Record<string, unknown> =
    raw === undefined || raw === null ? {} : typeof raw === "object" && !Array.isArray(raw) ? { ...raw } : {};
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    problems.push(new InvalidOptionError("(options)", "expected an object of options; all options are ignored"));
  }
  for (const key of Object.keys(input)) {
    if (!(key in SECTION_DEFAULTS)) problems.push(unknownOption(key));
  }
  const parsed: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(SECTION_DEFAULTS) as [OptionFeature, unknown][]) {
    if (input[key] === undefined) {
      // What the schema's default gives (zod hands out a shallow copy), without building the schema.
      parsed[key] = typeof fallback === "object" ? { ...fallback } : fallback;
      continue;
    }
    const schema: ZodType = optionSection(key);
    const result = schema.safeParse(input[key]);
    if (result.success) {
      parsed[key] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const name = [key, ...issue.path.map(String)].join(".");
      if (issue.code === "unrecognized_keys") {
        for (const field of issue.keys) problems.push(unknownOption(`${name}.${field}`, OFF_UNTIL_FIXED));
      } else problems.push(new InvalidOptionError(name, `${issue.message}; ${OFF_UNTIL_FIXED}`));
    }
    disabled.add(key);
    parsed[key] = OFF[key as keyof typeof OFF] ?? schema.parse(undefined);
  }
  // An invalid dataDir switches the whole plugin off (the caller checks `disabled`); the default only names it.
  if (typeof parsed.dataDir === "string") parsed.dataDir = path.resolve(parsed.dataDir);
  else {
    try {
      parsed.dataDir = defaultDataDir(env);
    } catch (error) {
      if (!(error instanceof InvalidOptionError)) throw error;
      problems.push(error);
      disabled.add("dataDir");
      parsed.dataDir = "";
    }
  }
  return { options: parsed as Options, disabled, problems };
}
