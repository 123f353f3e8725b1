/**
 * Questions answered one line at a time on stdin: at a terminal, or from a pipe (a script or a test writes the
 * answers). End of input answers `undefined`, which every caller treats as "stop".
 */
import readline from "node:readline";
import { findSecret } from "../secret-guard/secret-guard.js";
import type { InputStream, OutputStream } from "./context.js";

export interface LineReader {
  ask(question: string): Promise<string | undefined>;
  close(): void;
}

export function lineReader(input: InputStream, output: OutputStream): LineReader {
  const rl = readline.createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let closed = false;
  rl.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  rl.on("close", () => {
    closed = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  return {
    async ask(question) {
      output.write(question);
      const line =
        lines.shift() ?? (closed ? undefined : await new Promise<string | undefined>((r) => waiting.push(r)));
      // A terminal echoes what is typed; answers from a pipe are echoed by us, so the transcript reads in order,
      // except one that looks like a credential: logs of piped runs are kept more often than terminal screens.
      if (!input.isTTY)
        output.write(line === undefined ? "\n" : `${findSecret(line) ? "(not echoed: looks like a secret)" : line}\n`);
      return line;
    },
    close() {
      rl.close();
      // A terminal left in flowing mode would keep the process alive after the last question.
      input.pause?.();
    },
  };
}
