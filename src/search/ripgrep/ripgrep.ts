/**
 * Transcript search through a native ripgrep. ripgrep only says which lines match (`-M 1` keeps its output to a file
 * name and a line number per match); the lines, their context and the shown windows are then collected by the same
 * code as the built-in scanner, which also decides every line ripgrep names. The two engines therefore agree line
 * for line. Spawned directly with an argument list (never a shell), asynchronously, killed at the time budget.
 */
import { spawn } from "node:child_process";
import { TranscriptError } from "../../errors.js";
import type { CompiledQuery } from "../compiled-query.js";
import { DEFAULT_CHUNK_BYTES, scanBufferFor, scanFile } from "../scan/scan-file.js";
import { collectLimits, type ScanOptions, type ScanResult, type ScanTarget } from "../scan/scanner.js";
import type { RipgrepBinary } from "./locate.js";

/**
 * Characters of file arguments per ripgrep run: command lines are limited (32 KiB on Windows, about 2 MB with the
 * environment on Linux and macOS), and each extra run costs a process start.
 */
const ARGS_PER_RUN = process.platform === "win32" ? 24_000 : 500_000;
const STDERR_BYTES = 4_000;

export interface RipgrepLines {
  /** Line numbers per file index, ascending, at most `maxPerFile` each. */
  lines: Map<number, number[]>;
  unreadable: Map<number, string>;
  timedOut: boolean;
  searched: number;
  /** Bytes of the files ripgrep searched (it reads each to its end, or to its per-file count). */
  bytesRead: number;
}

export function ripgrepArgs(query: CompiledQuery, maxPerFile: number): string[] {
  const rg = query.ripgrep;
  if (rg.kind === "unsupported") throw new TranscriptError(`ripgrep cannot run this query: ${rg.reason}`);
  return [
    "--no-config",
    "--no-heading",
    "--with-filename",
    "--null",
    "--line-number",
    "--color=never",
    "--text",
    "--max-columns=1",
    `--max-count=${maxPerFile}`,
    query.caseSensitive ? "--case-sensitive" : "--ignore-case",
    ...(rg.kind === "fixed" ? ["--fixed-strings", "-e", rg.needle] : ["-e", rg.pattern]),
    "--",
  ];
}

/** Splits the file list so that no command line gets too long. */
function batches(targets: readonly ScanTarget[]): number[][] {
  // ripgrep given no file searches the working directory: never start it without one.
  if (targets.length === 0) return [];
  const out: number[][] = [[]];
  let size = 0;
  for (const [i, target] of targets.entries()) {
    if (size + target.path.length + 1 > ARGS_PER_RUN && (out[out.length - 1] as number[]).length > 0) {
      out.push([]);
      size = 0;
    }
    (out[out.length - 1] as number[]).push(i);
    size += target.path.length + 1;
  }
  return out;
}

/** Parses `path NUL line ':' …\n` records as they stream in. */
class OutputParser {
  private path: number[] = [];
  private line = 0;
  private state: "path" | "line" | "rest" = "path";

  constructor(private readonly onLine: (path: string, line: number) => void) {}

  push(chunk: Buffer): void {
    for (const byte of chunk) {
      if (this.state === "path") {
        if (byte === 0) this.state = "line";
        else this.path.push(byte);
      } else if (this.state === "line") {
        if (byte >= 0x30 && byte <= 0x39) this.line = this.line * 10 + (byte - 0x30);
        else this.state = "rest";
      }
      if (byte === 10 && this.state === "rest") {
        this.onLine(Buffer.from(this.path).toString("utf8"), this.line);
        this.path = [];
        this.line = 0;
        this.state = "path";
      }
    }
  }
}

function runBatch(
  bin: RipgrepBinary,
  args: string[],
  paths: string[],
  deadline: number,
  signal: AbortSignal | undefined,
  onLine: (path: string, line: number) => void,
): Promise<{ code: number | null; stderr: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin.path, [...args, ...paths], { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    const parser = new OutputParser(onLine);
    let stderr = "";
    let killed = false;
    const kill = () => {
      killed = true;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(kill, Math.max(0, deadline - performance.now()));
    signal?.addEventListener("abort", kill);
    child.stdout.on("data", (chunk: Buffer) => parser.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_BYTES) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      reject(new TranscriptError(`ripgrep at ${bin.path} could not start: ${error.message}`, { cause: error }));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", kill);
      resolve({ code, stderr, killed });
    });
  });
}

/** Runs ripgrep over `targets`; throws TranscriptError when ripgrep itself fails (the caller falls back). */
export async function ripgrepLines(
  bin: RipgrepBinary,
  targets: readonly ScanTarget[],
  query: CompiledQuery,
  maxPerFile: number,
  deadline: number,
  signal?: AbortSignal,
): Promise<RipgrepLines> {
  const args = ripgrepArgs(query, maxPerFile);
  const index = new Map(targets.map((t, i) => [t.path, i]));
  const result: RipgrepLines = {
    lines: new Map(),
    unreadable: new Map(),
    timedOut: false,
    searched: 0,
    bytesRead: 0,
  };
  for (const batch of batches(targets)) {
    if (performance.now() > deadline || signal?.aborted) {
      result.timedOut = true;
      break;
    }
    const paths = batch.map((i) => (targets[i] as ScanTarget).path);
    const run = await runBatch(bin, args, paths, deadline, signal, (file, line) => {
      const i = index.get(file);
      if (i === undefined) return;
      const list = result.lines.get(i) ?? [];
      if (list.length === 0) result.lines.set(i, list);
      list.push(line);
    });
    if (run.killed) {
      result.timedOut = true;
      break;
    }
    if (run.code === 2) {
      // Files that vanished or cannot be read are named one per line; anything else is ripgrep failing.
      const other = run.stderr.split("\n").filter((l) => l.trim() !== "" && !noteUnreadable(l, index, result));
      if (other.length > 0)
        throw new TranscriptError(`ripgrep failed: ${other.join(" ").replace(/\s+/g, " ").slice(0, 300)}`);
    } else if (run.code !== 0 && run.code !== 1) {
      throw new TranscriptError(`ripgrep exited with ${run.code}: ${run.stderr.slice(0, 300)}`);
    }
    result.searched += batch.length;
    for (const i of batch) if (!result.unreadable.has(i)) result.bytesRead += (targets[i] as ScanTarget).size;
  }
  for (const list of result.lines.values()) list.sort((a, b) => a - b);
  return result;
}

/** ripgrep's words for the errors the built-in scanner reports by code. */
const ERRNO: Record<string, string> = {
  "No such file or directory": "ENOENT",
  "Permission denied": "EACCES",
  "Is a directory": "EISDIR",
};

function noteUnreadable(message: string, index: Map<string, number>, result: RipgrepLines): boolean {
  const m = /^(?:rg: )?(.*): ([^:]*) \(os error \d+\)$/.exec(message.trim());
  const i = m ? index.get(m[1] as string) : undefined;
  if (!m || i === undefined) return false;
  result.unreadable.set(i, ERRNO[m[2] as string] ?? (m[2] as string));
  return true;
}

/** The whole search through ripgrep: ripgrep picks the lines, the collector decides and shows them, in file order. */
export async function scanWithRipgrep(
  bin: RipgrepBinary,
  targets: readonly ScanTarget[],
  query: CompiledQuery,
  options: ScanOptions,
): Promise<ScanResult> {
  const deadline = performance.now() + options.timeBudgetMs;
  const found = await ripgrepLines(bin, targets, query, options.maxMatches, deadline, options.signal);
  const chunk = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const result: ScanResult = {
    files: [],
    matches: 0,
    searched: found.searched - found.unreadable.size,
    unreadable: [...found.unreadable].map(([index, error]) => ({ index, error })),
    capped: false,
    timedOut: found.timedOut,
    threads: 0,
    bytesRead: found.bytesRead,
  };
  const order = [...found.lines.keys()].sort((a, b) => a - b);
  // One buffer for every file (its size does not depend on the matches left): a fresh one per file costs more than
  // reading a small file.
  const buffer = scanBufferFor(query, collectLimits(options, options.maxMatches, deadline), chunk);
  for (const [k, index] of order.entries()) {
    const lines = found.lines.get(index) as number[];
    const left = options.maxMatches - result.matches;
    const limits = collectLimits(options, left, deadline);
    const path = (targets[index] as ScanTarget).path;
    let scan = await scanFile(path, query, limits, buffer, chunk, lines);
    // ripgrep stopped at its per-file count and one of its lines was not a match here: search the file ourselves.
    if (scan.hits && scan.hits.matches < Math.min(left, lines.length) && lines.length >= options.maxMatches) {
      result.bytesRead += scan.bytesRead;
      scan = await scanFile(path, query, limits, buffer, chunk);
    }
    result.bytesRead += scan.bytesRead;
    if (scan.error) result.unreadable.push({ index, error: scan.error });
    if (scan.hits?.timedOut) result.timedOut = true;
    if (scan.hits && scan.hits.lines.length > 0) {
      result.files.push({ index, hits: scan.hits });
      result.matches += scan.hits.matches;
    }
    if (result.timedOut) break;
    if (result.matches >= options.maxMatches) {
      result.capped = k < order.length - 1 || scan.hits?.capped === true || found.searched < targets.length;
      break;
    }
  }
  return result;
}
