/** The plugin's slash commands, registered with the 2.x host. */
import type { hookBoundary } from "../../hook-boundary.js";
import type { Logger } from "../../log.js";
import type { CommandRunner } from "../host-port.js";
import type { V2Context, V2Registration } from "./v2-context.js";

export interface CommandRegistrationDeps {
  boundary: typeof hookBoundary;
  /** Our slash commands, by name, with their descriptions. */
  commands: () => { name: string; description: string }[];
  log: Logger;
  /** What this host lacks, said once in the log after the setup. */
  left: string[];
}

/** Slash commands through `command.transform`, their text posted with `session.synthetic`. */
export async function registerCommands(
  ctx: V2Context,
  run: CommandRunner,
  registrations: V2Registration[],
  deps: CommandRegistrationDeps,
) {
  const { boundary: hookBoundary, log, left } = deps;
  const synthetic = ctx.session.synthetic;
  if (!ctx.command || !synthetic) {
    left.push("slash commands (no command.transform or session.synthetic)");
    return;
  }
  const list = deps.commands();
  registrations.push(
    await ctx.command.transform((editor) => {
      for (const { name, description } of list) {
        const execute = hookBoundary(
          `/${name}`,
          log,
          async (input: { sessionID: string; prompt?: { text?: unknown } }) => {
            const args = typeof input.prompt?.text === "string" ? input.prompt.text.trim() : "";
            const text = await run(name, args);
            if (text !== undefined) await synthetic({ sessionID: input.sessionID, text, description: `/${name}` });
          },
        );
        editor.add({ name, description, execute: (input) => execute(input, undefined) });
      }
    }),
  );
}
