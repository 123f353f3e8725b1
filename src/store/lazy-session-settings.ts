/**
 * Session settings as the server plugin holds them: the store code (and drizzle with it) loads on first use, so
 * plugin start-up pays nothing for it.
 */
import type { SessionSettingsDeps, SessionSettingsStore } from "./session-settings.js";

export function lazySessionSettings(deps: SessionSettingsDeps): SessionSettingsStore {
  let loading: Promise<SessionSettingsStore> | undefined;
  const load = (): Promise<SessionSettingsStore> => {
    loading ??= import("./session-settings.js").then((m) => m.createSessionSettings(deps));
    return loading;
  };
  return {
    get: async (...a) => (await load()).get(...a),
    setInjectionOff: async (...a) => (await load()).setInjectionOff(...a),
    claimReflection: async (...a) => (await load()).claimReflection(...a),
  };
}
