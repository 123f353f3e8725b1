import { createOpencodeClient } from "@opencode-ai/sdk";
import { describe, expect, it } from "vitest";
import { createSessionPointer } from "../../../src/compaction/session-pointer.js";
import { createCompactionFeature } from "../../../src/host/v1/compaction-feature.js";
import { type HostConfig, POINTER_MODEL, POINTER_PROVIDER_ID } from "../../../src/host/v1/host-config.js";
import { createMemoryLogger } from "../../../src/log.js";
import { exportedTranscript } from "../../helpers/exported-transcript.js";

function feature(mode: "pointer" | "prompt" | "off", overrideUserModel = false) {
  const log = createMemoryLogger();
  const made = createCompactionFeature({
    // A client whose server is never reached: configure() must not need it.
    client: createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }),
    options: { mode, overrideUserModel },
    sessionPointer: createSessionPointer({
      exportSession: async (sessionID) => exportedTranscript(sessionID, "/t.md", 1),
    }),
    log,
    clock: () => 0,
  });
  return { ...made, log };
}

describe("compaction feature configuration", () => {
  it("touches nothing before the config hook ran", () => {
    expect(feature("pointer").state.route).toBe("off");
  });

  it("pointer mode registers the model and says so", () => {
    const f = feature("pointer");
    const cfg: HostConfig = { model: "stub/stub-model" };
    f.configure(cfg);
    expect(f.state.route).toBe("pointer");
    expect(cfg.agent?.compaction?.model).toBe(POINTER_MODEL);
    expect(Object.keys(cfg.provider ?? {})).toEqual([POINTER_PROVIDER_ID]);
    expect(f.log.lines).toEqual([{ level: "info", message: expect.stringContaining("pointer mode") }]);
  });

  it("keeps the user's compaction model, switches to prompt mode and logs why", () => {
    const f = feature("pointer");
    const cfg: HostConfig = { model: "a/b", agent: { compaction: { model: "a/small" } } };
    const before = structuredClone(cfg);
    f.configure(cfg);
    expect(f.state.route).toBe("prompt");
    expect(cfg).toEqual(before);
    expect(f.log.lines[0]?.level).toBe("warn");
    expect(f.log.lines[0]?.message).toContain('"a/small"');
  });

  it("off and prompt modes change nothing in the configuration", () => {
    for (const mode of ["off", "prompt"] as const) {
      const f = feature(mode);
      const cfg: HostConfig = { model: "a/b", provider: { a: {} }, enabled_providers: ["a"] };
      const before = structuredClone(cfg);
      f.configure(cfg);
      expect(f.state.route).toBe(mode);
      expect(cfg).toEqual(before);
      expect(f.log.lines).toEqual([]);
    }
  });
});
