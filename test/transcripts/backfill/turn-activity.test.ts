import { describe, expect, it } from "vitest";
import { BUSY_EXPIRES_MS, createTurnActivity, QUIET_MS } from "../../../src/transcripts/backfill/turn-activity.js";

const status = (sessionID: string, type: string) => ({
  type: "session.status",
  properties: { sessionID, status: { type } },
});

/** A turn activity on a clock the test moves; `later` moves it past the quiet moment after the last event. */
function clocked() {
  let now = 0;
  const turns = createTurnActivity(() => now);
  return {
    turns,
    later: (ms = QUIET_MS) => {
      now += ms;
    },
  };
}

describe("turn activity", () => {
  it("is busy from a session's busy or retry status until it is idle, over every session", () => {
    const { turns, later } = clocked();
    expect(turns.busy()).toBe(false);
    turns.onEvent(status("ses_a", "busy"));
    turns.onEvent(status("ses_b", "retry"));
    later();
    expect(turns.busy()).toBe(true);
    turns.onEvent(status("ses_a", "idle"));
    later();
    expect(turns.busy()).toBe(true);
    turns.onEvent({ type: "session.idle", properties: { sessionID: "ses_b" } });
    later();
    expect(turns.busy()).toBe(false);
  });

  it("rests for a moment after any event of a session or a message: a prompt comes before its turn's status", () => {
    const { turns, later } = clocked();
    for (const type of ["session.created", "message.updated", "message.part.updated", "session.idle"]) {
      turns.onEvent({ type, properties: { sessionID: "ses_a" } });
      expect(turns.busy()).toBe(true);
      later(QUIET_MS - 1);
      expect(turns.busy()).toBe(true);
      later(1);
      expect(turns.busy()).toBe(false);
    }
    // Events of other things (the file watcher, the installation) are no one at work in a session.
    for (const type of ["file.watcher.updated", "installation.updated", "lsp.updated", "server.connected"]) {
      turns.onEvent({ type, properties: {} });
    }
    expect(turns.busy()).toBe(false);
  });

  it("ignores events that are not a turn's status, and payloads that are not what OpenCode sends", () => {
    const { turns, later } = clocked();
    for (const event of [
      null,
      "session.status",
      { type: "session.status" },
      { type: "session.status", properties: { sessionID: 7, status: { type: "busy" } } },
      { type: "session.status", properties: { sessionID: "ses_a", status: "busy" } },
      { type: "session.status", properties: { sessionID: "ses_a", status: { type: "thinking" } } },
      { type: "message.updated", properties: { sessionID: "ses_a", status: { type: "busy" } } },
      { type: 42, properties: {} },
    ]) {
      turns.onEvent(event);
    }
    later();
    expect(turns.busy()).toBe(false);
  });

  it("lets a session busy for longer than its expiry go (its idle event was lost)", () => {
    let now = 0;
    const turns = createTurnActivity(() => now);
    turns.onEvent(status("ses_a", "busy"));
    now = BUSY_EXPIRES_MS;
    expect(turns.busy()).toBe(true);
    now = BUSY_EXPIRES_MS + 1;
    expect(turns.busy()).toBe(false);
  });
});
