import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../src/log.js";
import { parseOptions } from "../src/options.js";
import { createServices, type ServicesInput } from "../src/services.js";
import { createMemorySource } from "../src/transcripts/source/export-file-source.js";
import { syntheticSession } from "./helpers/synthetic-session.js";
import { tempDir } from "./helpers/temp-dir.js";

const SESSION = "ses_services0000000001";

function input(dataDir: string, extra: Partial<ServicesInput> = {}): ServicesInput {
  const { options } = parseOptions({ dataDir, search: { useRipgrep: false } });
  return { options, log: createMemoryLogger(), scope: "/projects/demo", ...extra };
}

describe("createServices", () => {
  it("states the data-folder layout once and creates nothing until something is written", async () => {
    const dataDir = path.join(tempDir(), "data");
    const services = createServices(input(dataDir));
    expect(services.data.transcriptsDir).toBe(path.join(dataDir, "transcripts"));
    expect(services.data.database.file).toBe(path.join(dataDir, "ledger.db"));
    expect(services.memory.database).toBe(services.data.database);
    expect(services.transcripts.scope).toBe("/projects/demo");
    // Reads of an absent store answer empty and make no folder.
    expect((await services.memory.list({ scopes: ["/projects/demo"] })).items).toEqual([]);
    expect((await services.settings.get(SESSION)).injectionOff).toBe(false);
    expect(await services.transcripts.list(undefined)).toEqual([]);
    expect(fs.existsSync(dataDir)).toBe(false);
    services.close();
  });

  it("gives every part the same store: what one instance writes, another over the folder reads", async () => {
    const dataDir = path.join(tempDir(), "data");
    const writer = createServices(input(dataDir));
    await writer.memory.save(
      { kind: "fact", title: "Build runs on Node 20", body: "see .nvmrc", scope: "/projects/demo" },
      { kind: "cli" },
    );
    await writer.settings.setInjectionOff(SESSION, true);
    writer.close();
    const reader = createServices(input(dataDir));
    const found = await reader.memory.search({ query: "Node", scopes: ["/projects/demo"] });
    expect(found.items.map((hit) => hit.entry.title)).toEqual(["Build runs on Node 20"]);
    expect((await reader.settings.get(SESSION)).injectionOff).toBe(true);
    reader.close();
  });

  it("with a host, a search that names an unexported session exports it first", async () => {
    const dataDir = path.join(tempDir(), "data");
    const session = syntheticSession(2, SESSION).data;
    const services = createServices(input(dataDir, { host: createMemorySource([session]) }));
    const outcome = await services.search({ query: "compiling", scope: "/projects/demo", sessionID: SESSION });
    expect(outcome.result.matches).toBeGreaterThan(0);
    const row = await services.transcripts.find(SESSION);
    expect(row?.scope).toBe("/projects/demo");
    expect(fs.existsSync(services.transcripts.fileOf(row ?? expect.fail("no row")))).toBe(true);
    services.close();
  });

  it("without a host, nothing is exported: a named session not on disk is not found, and export is refused", async () => {
    const dataDir = path.join(tempDir(), "data");
    const services = createServices(input(dataDir));
    await expect(services.search({ query: "compiling", scope: "/projects/demo", sessionID: SESSION })).rejects.toThrow(
      /no transcript for the session with id "ses_services0000000001"; it was never exported/,
    );
    await expect(services.transcripts.export(SESSION)).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, "transcripts"))).toBe(false);
    services.close();
  });
});
