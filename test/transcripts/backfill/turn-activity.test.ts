import { describe, expect, it } from "vitest";
import { BUSY_EXPIRES_MS, createTurnActivity } from "../../../src/transcripts/backfill/turn-activity.js";

const status = (sessionID: string, type: string) => ({
  type: "session.status",
  properties: { sessionID, status: { type } },
});

describe("turn activity", () => {
  it("is busy from a session's busy or retry status until it is idle, over every session", () => {
    const turns = createTurnActivity();
    expect(turns.busy()).toBe(false);
    turns.onEvent(status("ses_a", "busy"));
    turns.onEvent(status("ses_b", "retry"));
    expect(turns.busy()).toBe(true);
    turns.onEvent(status("ses_a", "idle"));
    expect(turns.busy()).toBe(true);
    turns.onEvent({ type: "session.idle", properties: { sessionID: "ses_b" } });
    expect(turns.busy()).toBe(false);
  });

  it("ignores events that are not a turn's status, and payloads that are not what OpenCode sends", () => {
    const turns = createTurnActivity();
    for (const event of [
      null,
      "session.status",
      { type: "session.status" },
      { type: "session.status", properties: { sessionID: 7, status: { type: "busy" } } },
      { type: "session.status", properties: { sessionID: "ses_a", status: "busy" } },
      { type: "session.status", properties: { sessionID: "ses_a", status: { type: "thinking" } } },
      { type: "message.updated", properties: { sessionID: "ses_a", status: { type: "busy" } } },
    ]) {
      turns.onEvent(event);
    }
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
