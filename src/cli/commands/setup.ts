/**
 * `setup`: the one step of an install. Adds this package to OpenCode's global opencode.json and tui.json with a spec
 * OpenCode resolves, checks that a SQLite driver loads, and says what it did.
 */
import { defineCommand, EXIT } from "../command.js";

export const command = defineCommand({
  name: "setup",
  description:
    "Adds opencode-ledger to OpenCode's global configuration: the server part to ~/.config/opencode/opencode.json and the TUI part to tui.json (the .jsonc files when those are the ones there; $XDG_CONFIG_HOME is honoured), with the absolute file:// spec of this installation, or opencode-ledger@<version> when run from npx's cache. An entry naming opencode-ledger already is left as it is. It also checks that a SQLite driver loads here and says what it did. Restart OpenCode afterwards.",
  positionals: [],
  flags: {},
  examples: ["npx opencode-ledger setup", "opencode-ledger setup --json"],
  schema: (z, s) => s.input({ _: z.array(z.string()).max(0, "setup takes no arguments") }),
  async run(_input, ctx) {
    const { ownSpec, writeSetup } = await import("../setup-config.js");
    const { ownVersion } = await import("../own-package.js");
    const { chooseDriver } = await import("../../store/driver.js");
    const { driverFinding } = await import("../doctor-store.js");
    const steps = writeSetup(ctx.env, ownSpec(ownVersion()));
    const driver = driverFinding(await chooseDriver());
    if (ctx.json) {
      ctx.printJson({ steps, driver: { status: driver.status, detail: driver.detail } });
    } else {
      for (const step of steps) {
        const part = step.kind === "server" ? "server part" : "TUI part";
        ctx.print(
          step.outcome === "added"
            ? `added    ${part}: ${step.spec} to ${step.file}`
            : `present  ${part}: ${step.file} already names ${step.spec}; left as it is`,
        );
      }
      ctx.print(`${driver.status === "ok" ? "ok      " : "FAIL    "} sqlite driver: ${driver.detail}`);
      if (driver.fix) ctx.print(`         ${driver.fix}`);
      ctx.print("Restart OpenCode to load it. opencode-ledger doctor checks everything again.");
    }
    return driver.status === "fail" ? EXIT.failure : EXIT.ok;
  },
});
