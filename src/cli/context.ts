/**
 * What a command runs with: its streams, environment and the global flags, resolved once. Tests drive the real binary,
 * so these are the process's own streams; nothing here is faked.
 */
import path from "node:path";
import { defaultDataDir } from "../data-dir.js";

export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
}

export interface CliContext {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Folder of the store and the transcripts (`--data-dir`, default as the plugin's). */
  dataDir: string;
  /** `--json`: one JSON document on stdout. */
  json: boolean;
  /** Progress lines on stderr: when stderr is a terminal, or with `--progress`. */
  progress: boolean;
  /** Colour on stdout: only on a terminal, and never with NO_COLOR. */
  color: boolean;
  /** Columns of the terminal; undefined when stdout is not one and COLUMNS is unset (no truncation then). */
  width: number | undefined;
  /** Writes a line (or lines) of text to stdout. */
  print(text: string): void;
  /** Writes a line to stderr. */
  note(text: string): void;
  /** Writes the one JSON document of a `--json` run to stdout. */
  printJson(value: unknown): void;
}

export interface GlobalFlags {
  dataDir?: string;
  json?: boolean;
  progress?: boolean;
}

export function createContext(flags: GlobalFlags, process_: NodeJS.Process = process): CliContext {
  const { stdout, stderr, stdin, env } = process_;
  const cwd = process_.cwd();
  const columns = Number.parseInt(env.COLUMNS ?? "", 10);
  const write = (stream: OutputStream, text: string) => stream.write(text.endsWith("\n") ? text : `${text}\n`);
  return {
    stdin,
    stdout,
    stderr,
    env,
    cwd,
    dataDir: path.resolve(cwd, flags.dataDir ?? defaultDataDir(env)),
    json: flags.json ?? false,
    progress: flags.progress ?? stderr.isTTY === true,
    color: stdout.isTTY === true && !env.NO_COLOR,
    width: Number.isFinite(columns) && columns > 0 ? columns : stdout.isTTY ? stdout.columns : undefined,
    print: (text) => write(stdout, text),
    note: (text) => write(stderr, text),
    printJson: (value) => write(stdout, JSON.stringify(value, null, 2)),
  };
}
