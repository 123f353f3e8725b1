/**
 * The real OpenCode TUI in a detached tmux pane, on a tmux server of its own (its own socket), so tests never touch a
 * person's tmux. Tests type keys and poll the pane's text for what they expect, never sleep a fixed time.
 */
import { execFileSync, spawnSync } from "node:child_process";

export interface PaneOptions {
  width?: number;
  height?: number;
  /** Environment of the command (the pane starts with exactly this, nothing inherited). */
  env: Record<string, string>;
  cwd: string;
}

export class TmuxPane {
  private constructor(
    private readonly socket: string,
    private readonly target: string,
  ) {}

  /** Fails with a clear message when tmux is not installed. */
  static start(name: string, command: string[], options: PaneOptions): TmuxPane {
    if (spawnSync("tmux", ["-V"]).status !== 0) {
      throw new Error(
        "tmux is not installed: the live TUI tests drive the real TUI inside tmux (apt-get install tmux)",
      );
    }
    const socket = `ledger-${name}-${process.pid}`;
    const env = Object.entries(options.env).map(([k, v]) => `${k}=${v}`);
    execFileSync("tmux", [
      "-L",
      socket,
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(options.width ?? 160),
      "-y",
      String(options.height ?? 45),
      "-c",
      options.cwd,
      "env",
      "-i",
      ...env,
      ...command,
    ]);
    return new TmuxPane(socket, name);
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
  }

  /** The pane's visible text. */
  capture(): string {
    try {
      return this.tmux("capture-pane", "-p", "-t", this.target);
    } catch {
      return "";
    }
  }

  /** Resizes the terminal (the program gets SIGWINCH and draws the whole screen again). */
  resize(width: number, height: number): void {
    this.tmux("resize-window", "-t", this.target, "-x", String(width), "-y", String(height));
  }

  /** Types text literally (no key names). */
  type(text: string): void {
    this.tmux("send-keys", "-t", this.target, "-l", text);
  }

  /** Sends key names: Enter, Escape, Down, C-u … */
  keys(...names: string[]): void {
    for (const name of names) this.tmux("send-keys", "-t", this.target, name);
  }

  /**
   * Polls until the pane matches `pattern` (a test of the whole screen: a dialog is drawn over several frames, and its
   * heading can be on screen before its rows); returns the pane. Fails with the last capture when it never does.
   */
  async waitFor(
    pattern: RegExp | string | ((screen: string) => boolean),
    timeoutMs = 10_000,
    what = String(pattern),
  ): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last = "";
    while (Date.now() < deadline) {
      last = this.capture();
      const matched =
        typeof pattern === "string"
          ? last.includes(pattern)
          : typeof pattern === "function"
            ? pattern(last)
            : pattern.test(last);
      if (matched) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the TUI never showed ${what} within ${timeoutMs} ms; last screen:\n${last}`);
  }

  /**
   * Polls until a toast's text matches `pattern`. Toasts are boxes at the right edge whose text wraps; their lines
   * are joined first, so a message matches however it wrapped.
   */
  async waitForToast(pattern: RegExp | string, timeoutMs = 10_000, what = String(pattern)): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last: string[] = [];
    while (Date.now() < deadline) {
      last = toastTexts(this.capture());
      const hit = last.find((t) => (typeof pattern === "string" ? t.includes(pattern) : pattern.test(t)));
      if (hit !== undefined) return hit;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no toast showed ${what} within ${timeoutMs} ms; toasts seen last: ${JSON.stringify(last)}`);
  }

  /** Polls until the pane no longer matches `pattern`. */
  async waitGone(pattern: RegExp | string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last = "";
    while (Date.now() < deadline) {
      last = this.capture();
      if (!(typeof pattern === "string" ? last.includes(pattern) : pattern.test(last))) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the TUI kept showing ${String(pattern)} for ${timeoutMs} ms; last screen:\n${last}`);
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone (the command exited and tmux went with it).
    }
  }
}

/**
 * The lines of a screen from the first one containing `from` to the first one after it containing `to`, without
 * blank lines, trailing spaces or the indentation they share; `replace` rewrites run-specific text (temp paths).
 */
export function cropCapture(screen: string, from: string, to: string, replace: [string, string][] = []): string {
  const lines = screen.split("\n").map((line) => line.trimEnd());
  const start = lines.findIndex((line) => line.includes(from));
  const end = lines.findIndex((line, i) => i >= start && line.includes(to));
  if (start < 0 || end < 0) throw new Error(`cannot crop the screen between "${from}" and "${to}":\n${screen}`);
  const kept = lines.slice(start, end + 1).filter((line) => line.length > 0);
  const indent = Math.min(...kept.map((line) => line.length - line.trimStart().length));
  let text = kept.map((line) => line.slice(indent)).join("\n");
  for (const [what, by] of replace) text = text.split(what).join(by);
  return `${text}\n`;
}

/**
 * The text of each toast on a screen. A toast is a box drawn with "┃" on both sides, often with other text to its
 * left and right (messages, the sidebar): rows whose last two "┃" are at the same columns form one box.
 */
export function toastTexts(screen: string): string[] {
  const toasts: string[] = [];
  let current: { left: number; right: number; lines: string[] } | undefined;
  const flush = () => {
    if (current && current.lines.length > 0) toasts.push(current.lines.join(" "));
    current = undefined;
  };
  for (const line of screen.split("\n")) {
    const chars = [...line];
    const bars = chars.flatMap((c, i) => (c === "┃" ? [i] : []));
    const right = bars.at(-1);
    const left = bars.at(-2);
    if (left === undefined || right === undefined || right - left < 12) {
      flush();
      continue;
    }
    if (current && (current.left !== left || current.right !== right)) flush();
    current ??= { left, right, lines: [] };
    const text = chars
      .slice(left + 1, right)
      .join("")
      .trim();
    if (text) current.lines.push(text);
  }
  flush();
  return toasts;
}
