/**
 * The services of the command line have no OpenCode to ask: exporting a session there fails as a host failure
 * (HostError, code HOST), said as such, and writes nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeError, HostError } from "../src/errors.js";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createServices } from "../src/services.js";
import { tempDir } from "./helpers/temp-dir.js";

describe("services without a host", () => {
  it("refuse to export a session as a host failure, and create nothing", async () => {
    const dataDir = path.join(tempDir(), "data");
    const { options } = parseOptions({ dataDir, search: { useRipgrep: false } });
    const services = createServices({ options, log: createMemoryLogger(), scope: "/projects/demo" });
    const failed = await services.transcripts.export("ses_nohost0000000001").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HostError);
    expect(describeError(failed)).toBe("[opencode-ledger] the command line tool does not ask OpenCode");
    services.close();
    expect(fs.existsSync(path.join(dataDir, "transcripts"))).toBe(false);
  });
});
