/**
 * The server part adds /memory-continue and /memory-cleanup to OpenCode's commands, and the TUI part has commands of
 * the same names: both would show in the autocomplete. Where the server's are there (the server part is in the
 * configuration, or the user defined a command of that name), the TUI's command keeps its palette entry and gives up
 * its slash name. The one entry left inserts the command, and the TUI's reader of typed slash commands takes it on
 * Enter, with no model turn.
 */
import { specIsOurs } from "../plugin-spec.js";
import { PACKAGE_ROOT, type PluginSpec } from "./tui-options.js";

/** The names src/slash-commands/definitions.ts gives them (the TUI does not import the server's surface). */
export const SERVER_COMMANDS = ["memory-continue", "memory-cleanup"] as const;

/** The slash names of the server part's commands that OpenCode already lists, so the TUI leaves them out. */
export function serverSlashNames(
  config: { plugin?: unknown; command?: unknown },
  packageRoot: string = PACKAGE_ROOT,
): Set<string> {
  const plugins = Array.isArray(config.plugin) ? (config.plugin as PluginSpec[]) : [];
  const serverPart = plugins.some((entry) => {
    const spec = typeof entry === "string" ? entry : entry[0];
    return typeof spec === "string" && specIsOurs(spec, packageRoot);
  });
  const defined = config.command && typeof config.command === "object" ? Object.keys(config.command) : [];
  return new Set(SERVER_COMMANDS.filter((name) => serverPart || defined.includes(name)));
}
