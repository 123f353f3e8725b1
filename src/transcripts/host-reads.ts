/**
 * OpenCode's own tools reach the transcripts too: the plugin lets `read` into the transcripts folder (so that the
 * agent can follow a pointer's path), and `grep` or a shell command can open any file there. What such a tool
 * returns from the data folder goes through the secret guard, as every recall tool's result does, so a secret a
 * session once printed is not sent to the model again. The file on disk stays verbatim.
 *
 * Every other tool result costs a few string comparisons; the guard loads on the first result that touches the folder.
 */
import os from "node:os";
import path from "node:path";
import { loadOnce } from "../lazy-load.js";

export interface HostToolCall {
  tool: string;
  args?: unknown;
}

export interface HostToolResult {
  output: unknown;
}

/** The plugin's own tools redact what they return already. */
const OWN_TOOL = /^memory_/;
/** Arguments that name a file or folder, resolved against the project folder when relative. */
const PATH_ARGS = ["filePath", "path"] as const;

/** A character that continues a file name. */
const NAME_CHAR = /[\w.-]/;

const guard = loadOnce(() => import("../secret-guard/redact.js"));

/** The ways a shell command or a path argument can spell `dir`: as it stands and, under the home folder, `~` and `$HOME`. */
function spellings(dir: string, home: string): string[] {
  const out = [dir];
  if (home && dir.startsWith(home + path.sep)) {
    const rest = dir.slice(home.length);
    out.push(`~${rest}`, `$HOME${rest}`, `\${HOME}${rest}`);
  }
  return out;
}

/** Whether `text` names the folder `name` itself (`…/opencode-ledger-old` is another folder). */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!NAME_CHAR.test(text[at + name.length] ?? "")) return true;
  }
  return false;
}

function stringArgs(args: unknown): string[] {
  if (typeof args !== "object" || args === null) return [];
  return Object.values(args).filter((v): v is string => typeof v === "string");
}

/**
 * Run on every tool result (the port's `onToolResult`): a result of OpenCode's tools whose arguments or output name
 * the data folder is redacted in place, and its last line says how many values were replaced.
 */
export function createHostReadRedaction(options: { dataDir: string; directory: string; home?: string }) {
  const dataDir = path.resolve(options.dataDir);
  const names = spellings(dataDir, options.home ?? os.homedir());

  function inDataDir(value: string): boolean {
    const full = path.resolve(options.directory, value);
    return full === dataDir || full.startsWith(dataDir + path.sep);
  }

  function touches(call: HostToolCall, output: string): boolean {
    const args = call.args as Record<string, unknown> | undefined;
    for (const key of PATH_ARGS) {
      const value = args?.[key];
      if (typeof value === "string" && inDataDir(value)) return true;
    }
    const texts = [...stringArgs(args), output];
    return texts.some((text) => names.some((name) => mentions(text, name)));
  }

  return async (call: HostToolCall, result: HostToolResult): Promise<void> => {
    if (OWN_TOOL.test(call.tool) || typeof result.output !== "string") return;
    if (!touches(call, result.output)) return;
    const { redactSecrets, redactionNote } = await guard();
    const redaction = redactSecrets(result.output);
    if (redaction.redacted === 0) return;
    result.output = `${redaction.text}\n\n${redactionNote(redaction.redacted, redaction.kinds)}`;
  };
}
