/**
 * A person's per-session choices, kept in the store so every OpenCode process sees them: the TUI writes them, the
 * server side reads them (memory injection checks `injectionOff` before it adds the memory block).
 */
import { eq } from "drizzle-orm";
import { checkSessionId } from "../session-id.js";
import type { Database } from "./database.js";
import type { LedgerDatabase } from "./driver.js";
import { type SessionSettingsRow, sessionSettings } from "./schema.js";

export interface SessionSettings {
  sessionID: string;
  /** True when the person switched memory injection off for this session. */
  injectionOff: boolean;
  /** When reflection ran on this session (at most once); null: not yet. */
  reflectedAt: number | null;
  /** When the choice was last recorded; null for a session that has none (the defaults). */
  updatedAt: number | null;
}

export interface SessionSettingsStore {
  /** The session's settings; the defaults when none were recorded or no store exists (nothing is created). */
  get(sessionID: string): Promise<SessionSettings>;
  /** Records whether memory injection is off for the session and returns the settings as stored. */
  setInjectionOff(sessionID: string, off: boolean): Promise<SessionSettings>;
  /**
   * Claims the session's one reflection: true for the first caller (the time is recorded), false when it was already
   * claimed, by this process or another one sharing the store.
   */
  claimReflection(sessionID: string): Promise<boolean>;
}

export interface SessionSettingsDeps {
  database: Database;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

function toSettings(row: SessionSettingsRow): SessionSettings {
  return {
    sessionID: row.sessionId,
    injectionOff: row.injectionOff === 1,
    reflectedAt: row.reflectedAt,
    updatedAt: row.updatedAt,
  };
}

export function createSessionSettings({ database, clock }: SessionSettingsDeps): SessionSettingsStore {
  const defaults = (sessionID: string): SessionSettings => ({
    sessionID,
    injectionOff: false,
    reflectedAt: null,
    updatedAt: null,
  });
  const find = (db: LedgerDatabase, sessionID: string) =>
    db.select().from(sessionSettings).where(eq(sessionSettings.sessionId, sessionID)).get();
  return {
    async get(sessionID) {
      checkSessionId(sessionID);
      return database.read((db) => {
        const row = find(db, sessionID);
        return row ? toSettings(row) : defaults(sessionID);
      }, defaults(sessionID));
    },

    async setInjectionOff(sessionID, off) {
      checkSessionId(sessionID);
      const injectionOff = off ? 1 : 0;
      const updatedAt = clock();
      const row = await database.write((db) =>
        db
          .insert(sessionSettings)
          .values({ sessionId: sessionID, injectionOff, updatedAt })
          .onConflictDoUpdate({ target: sessionSettings.sessionId, set: { injectionOff, updatedAt } })
          .returning()
          .get(),
      );
      return toSettings(row);
    },

    async claimReflection(sessionID) {
      checkSessionId(sessionID);
      const now = clock();
      // One IMMEDIATE transaction: the read and the write cannot interleave with another process's claim.
      return database.write((db) => {
        if (find(db, sessionID)?.reflectedAt != null) return false;
        db.insert(sessionSettings)
          .values({ sessionId: sessionID, reflectedAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: sessionSettings.sessionId, set: { reflectedAt: now, updatedAt: now } })
          .run();
        return true;
      });
    },
  };
}
