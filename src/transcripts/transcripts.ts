/**
 * What the tools and hooks use of transcripts. Types only: the services (src/services.ts) hold an implementation that
 * loads on first use, so loading the plugin loads none of the export code or drizzle.
 */
import type { DataContext } from "../data-context.js";
import type { TranscriptRow } from "../store/schema.js";
import type { ExportResult } from "./export/export-transcript.js";
import type { SweepReport, SweepRequest } from "./retention/retention.js";
import type { SessionSource } from "./source/session-source.js";

export interface Transcripts {
  readonly source: SessionSource;
  /** The project the plugin instance serves. */
  readonly scope: string;
  /** Exports (appends) the session now. */
  export(sessionID: string): Promise<ExportResult>;
  /**
   * The index row and absolute path of a session's transcript, exported first when it is not on disk, and brought up
   * to date when OpenCode says the session changed since the last export.
   */
  ensure(sessionID: string): Promise<{ row: TranscriptRow; file: string }>;
  /** The index row, or undefined; never exports. */
  find(sessionID: string): Promise<TranscriptRow | undefined>;
  /** Absolute path of an index row's transcript, checked to stay inside the transcripts folder. */
  fileOf(row: TranscriptRow): string;
  /** Index rows of these projects (undefined: all), the session used last first. */
  list(scopes: readonly string[] | undefined): Promise<TranscriptRow[]>;
  /** The retention sweep (see ./retention.ts). */
  sweep(request: Omit<SweepRequest, "data" | "source">): Promise<SweepReport>;
  /** The sweep by the `retention` options, for this project; undefined when no rule is set. Never throws. */
  autoSweep(): Promise<SweepReport | undefined>;
}

export interface TranscriptsDeps {
  data: DataContext;
  source: SessionSource;
  /** Scope of the plugin instance (its project). */
  scope: string;
}
