/**
 * The services (src/services.ts) as the command line opens them: over `--data-dir`, for the project of the current
 * folder, with no host (the tool does not talk to OpenCode). Loaded on demand, so `--help` loads none of it.
 */
import type { Services } from "../services.js";
import type { CliContext } from "./context.js";

export async function openServices(ctx: CliContext): Promise<Services> {
  const [{ createServices }, { createMemoryLogger }, { parseOptions }, { projectOf }] = await Promise.all([
    import("../services.js"),
    import("../log.js"),
    import("../options.js"),
    import("./project.js"),
  ]);
  const { options } = parseOptions({ dataDir: ctx.dataDir }, ctx.env);
  return createServices({ options, log: createMemoryLogger(), scope: projectOf(ctx.cwd), env: ctx.env });
}

/** Runs `fn` with the services open and closes the store afterwards, whatever happens. */
export async function withServices<T>(ctx: CliContext, fn: (services: Services) => Promise<T>): Promise<T> {
  const services = await openServices(ctx);
  try {
    return await fn(services);
  } finally {
    services.close();
  }
}
