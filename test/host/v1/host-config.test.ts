import { describe, expect, it } from "vitest";
import {
  allowTranscriptReads,
  decideRoute,
  type HostConfig,
  POINTER_MODEL,
  POINTER_PROVIDER_ID,
  registerPointerModel,
} from "../../../src/host/v1/host-config.js";

const pointer = { mode: "pointer" as const, overrideUserModel: false };
const withModel = (extra: HostConfig = {}): HostConfig => ({ model: "anthropic/claude", ...extra });
const summarize = async () => "summary";
const DIR = "/data/opencode-ledger/transcripts";

describe("compaction route", () => {
  it("is the configured mode for prompt and off", () => {
    expect(decideRoute(withModel(), { ...pointer, mode: "prompt" })).toEqual({ route: "prompt", reason: "" });
    expect(decideRoute(withModel(), { ...pointer, mode: "off" })).toEqual({ route: "off", reason: "" });
  });

  it("is pointer when the user chose a model and no compaction model", () => {
    expect(decideRoute(withModel(), pointer).route).toBe("pointer");
    expect(decideRoute({ provider: { mine: {} } }, pointer).route).toBe("pointer");
  });

  it("keeps a user's compaction model unless told to override it, and says why", () => {
    const cfg = withModel({ agent: { compaction: { model: "openai/gpt-mini" } } });
    const kept = decideRoute(cfg, pointer);
    expect(kept.route).toBe("prompt");
    expect(kept.reason).toContain("openai/gpt-mini");
    expect(kept.reason).toContain("overrideUserModel");
    expect(decideRoute(cfg, { ...pointer, overrideUserModel: true }).route).toBe("pointer");
  });

  it("does not fight disabled_providers", () => {
    const decision = decideRoute(withModel({ disabled_providers: [POINTER_PROVIDER_ID] }), pointer);
    expect(decision.route).toBe("prompt");
    expect(decision.reason).toContain("disabled_providers");
  });

  it("will not become OpenCode's default model when neither a model nor a provider is configured", () => {
    const decision = decideRoute({}, pointer);
    expect(decision.route).toBe("prompt");
    expect(decision.reason).toContain('"model"');
  });
});

describe("pointer model registration", () => {
  it("adds the provider, points the compaction agent at it, and keeps the agent's other settings", () => {
    const cfg: HostConfig = withModel({ agent: { compaction: { temperature: 0.1 } }, provider: { stub: {} } });
    registerPointerModel(cfg, summarize);
    const provider = cfg.provider?.[POINTER_PROVIDER_ID] as { npm: string; options: { summarize: unknown } };
    expect(provider.npm).toMatch(/^file:\/\/.*\/pointer-provider\.js$/);
    expect(provider.options.summarize).toBe(summarize);
    expect(cfg.agent?.compaction).toEqual({ temperature: 0.1, model: POINTER_MODEL });
    expect(cfg.provider?.stub).toEqual({});
    expect(cfg.model).toBe("anthropic/claude");
  });

  it("joins enabled_providers only when the user keeps such a list", () => {
    const listed: HostConfig = withModel({ enabled_providers: ["anthropic"] });
    registerPointerModel(listed, summarize);
    expect(listed.enabled_providers).toEqual(["anthropic", POINTER_PROVIDER_ID]);
    registerPointerModel(listed, summarize);
    expect(listed.enabled_providers).toEqual(["anthropic", POINTER_PROVIDER_ID]);
    const open: HostConfig = withModel();
    registerPointerModel(open, summarize);
    expect(open.enabled_providers).toBeUndefined();
  });
});

describe("transcript read permission", () => {
  it("allows the transcripts folder when nothing is configured", () => {
    const cfg: HostConfig = {};
    allowTranscriptReads(cfg, DIR);
    expect(cfg.permission).toEqual({ external_directory: { [`${DIR}/*`]: "allow" } });
  });

  it("keeps a global string rule for everything else", () => {
    const cfg: HostConfig = { permission: "ask" };
    allowTranscriptReads(cfg, DIR);
    expect(cfg.permission).toEqual({ "*": "ask", external_directory: { "*": "ask", [`${DIR}/*`]: "allow" } });
    const open: HostConfig = { permission: "allow" };
    allowTranscriptReads(open, DIR);
    expect(open.permission).toBe("allow");
  });

  it("merges into an external_directory string or object, after the user's rules", () => {
    const asString: HostConfig = { permission: { edit: "ask", external_directory: "deny" } };
    allowTranscriptReads(asString, DIR);
    expect(asString.permission).toEqual({ edit: "ask", external_directory: { "*": "deny", [`${DIR}/*`]: "allow" } });
    const asObject: HostConfig = { permission: { external_directory: { "/srv/*": "allow" } } };
    allowTranscriptReads(asObject, DIR);
    const rules = (asObject.permission as { external_directory: Record<string, string> }).external_directory;
    expect(Object.keys(rules)).toEqual(["/srv/*", `${DIR}/*`]);
  });

  it("leaves an explicit rule of the user's for the folder alone", () => {
    const cfg: HostConfig = { permission: { external_directory: { [`${DIR}/*`]: "ask" } } };
    allowTranscriptReads(cfg, DIR);
    expect(cfg.permission).toEqual({ external_directory: { [`${DIR}/*`]: "ask" } });
  });
});
