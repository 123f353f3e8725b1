/**
 * A person's per-session choices, kept in the store so every OpenCode process sees them: the TUI writes them, the
 * server side reads them (memory injection checks `injectionOff` before it adds the memory block).
 */
import { eq } from "drizzle-orm";
import { checkSessionId } from "../transcripts/paths.js";
import type { Database } from "./database.js";
import { sessionSettings } from "./schema.js";

export interface SessionSettings {
  sessionID: string;
  /** True when the person switched memory injection off for this session. */
  injectionOff: boolean;
  /** When the choice was last recorded; null for a session that has none (the defaults). */
  updatedAt: number | null;
}

export interface SessionSettingsStore {
  /** The session's settings; the defaults when none were recorded or no store exists (nothing is created). */
  get(sessionID: string): Promise<SessionSettings>;
  /** Records whether memory injection is off for the session and returns the settings as stored. */
  setInjectionOff(sessionID: string, off: boolean): Promise<SessionSettings>;
}

export interface SessionSettingsDeps {
  database: Database;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

export function createSessionSettings({ database, clock }: SessionSettingsDeps): SessionSettingsStore {
  const defaults = (sessionID: string): SessionSettings => ({ sessionID, injectionOff: false, updatedAt: null });
  return {
    async get(sessionID) {
      checkSessionId(sessionID);
      return database.read((db) => {
        const row = db.select().from(sessionSettings).where(eq(sessionSettings.sessionId, sessionID)).get();
        return row
          ? { sessionID, injectionOff: row.injectionOff === 1, updatedAt: row.updatedAt }
          : defaults(sessionID);
      }, defaults(sessionID));
    },

    async setInjectionOff(sessionID, off) {
      checkSessionId(sessionID);
      const row = { sessionId: sessionID, injectionOff: off ? 1 : 0, updatedAt: clock() };
      await database.write((db) =>
        db
          .insert(sessionSettings)
          .values(row)
          .onConflictDoUpdate({
            target: sessionSettings.sessionId,
            set: { injectionOff: row.injectionOff, updatedAt: row.updatedAt },
          })
          .run(),
      );
      return { sessionID, injectionOff: off, updatedAt: row.updatedAt };
    },
  };
}
