/**
 * The other half of a tool call, found beside a hit in marker lines the transcript's writer renders
 * (src/transcripts/transcript-format.ts): the call of an output, the output of a call, the call and output before a
 * message; and a call's marker shown without its call id.
 */
import { describe, expect, it } from "vitest";
import { shownText } from "../../../src/search/ranked/shown-line.js";
import {
  CALL_BYTES,
  callBefore,
  type NumberedLine,
  OUTCOME_BYTES,
  outcomeBefore,
  outcomeOf,
  outcomesAfter,
  retryAfter,
} from "../../../src/search/ranked/tool-call-lines.js";
import {
  blockMarker,
  messageHeaderLine,
  stepDoneMarker,
  stepMarker,
  subtaskMarker,
  textMarker,
  toolMarker,
} from "../../../src/transcripts/transcript-format.js";

const T = Date.parse("2026-03-01T10:00:00Z");
const assistant = (messageID: string) =>
  messageHeaderLine({ speaker: "assistant", messageID, created: T, agent: "build", model: "test/model" });
const user = messageHeaderLine({ speaker: "user", messageID: "msg_u1", created: T, agent: "build", model: "m" });
const call = toolMarker({ tool: "bash", status: "completed", callID: "call_7", title: "bunx tsc", compacted: false });

/** A transcript's lines, numbered from 1, and where each starts in its bytes. */
function transcript(texts: string[]) {
  const lines: (NumberedLine & { start: number; end: number })[] = [];
  let at = 0;
  for (const [i, text] of texts.entries()) {
    const end = at + Buffer.byteLength(`${text}\n`);
    lines.push({ line: i + 1, text, start: at, end });
    at = end;
  }
  // The lines of [start, end) that a newline ends, as a ranked search reads them from the file.
  const read = (start: number, end: number): NumberedLine[] =>
    lines.filter((l) => l.start >= start && l.end <= end).map(({ line, text }) => ({ line, text }));
  const startOf = (text: string) => (lines.find((l) => l.text === text) as { start: number }).start;
  const endOf = (text: string) => (lines.find((l) => l.text === text) as { end: number }).end;
  return { read, startOf, endOf, size: at };
}

describe("tool call lines read from what the transcript's writer renders", () => {
  const texts = [
    user,
    textMarker([]),
    "why does the build fail?",
    assistant("msg_a1"),
    stepMarker(),
    call,
    "command: bunx tsc --noEmit",
    blockMarker("output", 2),
    "src/a.ts(3,1): error TS2304: Cannot find name 'x'.",
    "Found 1 error.",
    stepDoneMarker("tool-calls"),
    assistant("msg_a2"),
    textMarker([]),
    "The build fails on an unknown name in src/a.ts.",
  ];
  const t = transcript(texts);

  it("finds the call an output belongs to", () => {
    expect(callBefore(t.read, t.startOf(blockMarker("output", 2))).call).toEqual({ line: 6, text: call });
    expect(callBefore(t.read, t.startOf("Found 1 error.")).call).toEqual({ line: 6, text: call });
  });

  it("finds a tool's own error lines earlier in the output than a unit, none in another call's or before the output", () => {
    const long = transcript([
      call,
      "command: edit fields.py",
      blockMarker("output", 6),
      "Your proposed edit has introduced new syntax error(s).",
      "- E999 IndentationError: unexpected indent",
      "[File: fields.py (1998 lines total)]",
      "1475:        # round to nearest int",
      "Your changes have NOT been applied.",
      "DO NOT re-run the same failed edit command.",
    ]);
    // The unit the words found starts at "Your changes…": the line saying why stands before it, in the same output.
    expect(callBefore(long.read, long.startOf("Your changes have NOT been applied.")).errors.slice(0, 2)).toEqual([
      { line: 5, text: "- E999 IndentationError: unexpected indent" },
    ]);
    // The output's first unit has nothing before it.
    expect(
      callBefore(long.read, long.startOf("Your proposed edit has introduced new syntax error(s).")).errors.slice(0, 2),
    ).toEqual([]);
    // An error line of an earlier call's output, or a message between, is not this output's.
    const other = transcript([
      call,
      blockMarker("output", 1),
      "error TS2304: Cannot find name 'x'.",
      call,
      "command: ls",
      blockMarker("output", 2),
      "a.ts",
      "b.ts",
    ]);
    expect(callBefore(other.read, other.startOf("b.ts")).errors.slice(0, 2)).toEqual([]);
    const prose = transcript([blockMarker("output", 1), "TypeError: x is undefined", assistant("msg_a9"), "b.ts"]);
    expect(callBefore(prose.read, prose.startOf("b.ts")).errors.slice(0, 2)).toEqual([]);
    // At most `most`, the first ones of the output.
    const many = transcript([blockMarker("output", 4), "error: one", "error: two", "error: three", "summary"]);
    expect(
      callBefore(many.read, many.startOf("summary"))
        .errors.slice(0, 2)
        .map((l) => l.text),
    ).toEqual(["error: one", "error: two"]);
  });

  it("finds no call across a message or a text part", () => {
    const other = transcript([call, "command: ls", assistant("msg_a3"), textMarker([]), "later", "more"]);
    expect(callBefore(other.read, other.startOf("more")).call).toBeUndefined();
    const prose = transcript([call, "command: ls", textMarker(["synthetic"]), "read it", "more"]);
    expect(prose.read(0, prose.size)).toHaveLength(5);
    expect(callBefore(prose.read, prose.startOf("more")).call).toBeUndefined();
  });

  it("finds a subtask's marker as a call", () => {
    const subtask = subtaskMarker("explore", "look around");
    const other = transcript([subtask, "prompt: look", "found it"]);
    expect(callBefore(other.read, other.startOf("found it")).call).toEqual({ line: 1, text: subtask });
  });

  it("reads a call's outcome after its input, up to the next part", () => {
    expect(outcomeOf(t.read, t.endOf("command: bunx tsc --noEmit"), t.size, "bash")).toEqual([
      { line: 9, text: "src/a.ts(3,1): error TS2304: Cannot find name 'x'." },
      { line: 10, text: "Found 1 error." },
    ]);
  });

  it("reads the call and output just before a message, past the end of the step and the message's header", () => {
    const before = outcomeBefore(t.read, t.startOf("The build fails on an unknown name in src/a.ts."));
    expect(before).toEqual({
      tool: "bash",
      lines: [
        { line: 9, text: "src/a.ts(3,1): error TS2304: Cannot find name 'x'." },
        { line: 10, text: "Found 1 error." },
      ],
    });
    // A user's message in between: the output is not what the message comments on.
    const asked = transcript([call, blockMarker("output", 1), "ok", user, textMarker([]), "and now?"]);
    expect(outcomeBefore(asked.read, asked.startOf("and now?"))).toEqual({ lines: [] });
  });

  it("reads the calls after a message's text, up to its next text or message", () => {
    const log = toolMarker({ tool: "bash", status: "error", callID: "call_8", compacted: false });
    const announced = transcript([
      assistant("msg_a4"),
      textMarker([]),
      "Let me look at the history.",
      "",
      call,
      "command: bunx tsc --noEmit",
      blockMarker("output", 1),
      "ok",
      log,
      "command: git log",
      blockMarker("error", 1),
      "fatal: no commits yet",
      textMarker([]),
      "Nothing was committed.",
      call,
      "command: ls",
      blockMarker("output", 1),
      "a.ts",
    ]);
    expect(outcomesAfter(announced.read, announced.endOf("Let me look at the history."), announced.size)).toEqual([
      { tool: "bash", input: [call, "command: bunx tsc --noEmit"], lines: [{ line: 8, text: "ok" }] },
      { tool: "bash", input: [log, "command: git log"], lines: [{ line: 12, text: "fatal: no commits yet" }] },
    ]);
    // A text that ends its message, and one whose next part is more text, announce no call.
    expect(outcomesAfter(t.read, t.endOf("The build fails on an unknown name in src/a.ts."), t.size)).toEqual([]);
    const prose = transcript([textMarker([]), "first", textMarker([]), "second", call, "command: ls"]);
    expect(outcomesAfter(prose.read, prose.endOf("first"), prose.size)).toEqual([]);
  });

  it("reads the next call of a failed call's tool: its first input line that holds a value", () => {
    const failed = toolMarker({ tool: "bash", status: "error", callID: "call_9", compacted: false });
    const edit = toolMarker({ tool: "edit", status: "completed", callID: "call_10", compacted: false });
    const retried = transcript([
      failed,
      "command: git push origin main",
      blockMarker("error", 1),
      " ! [rejected]        main -> main (fetch first)",
      assistant("msg_a5"),
      textMarker([]),
      "The remote moved on: rebasing first.",
      edit,
      "filePath: notes.md",
      blockMarker("output", 1),
      "ok",
      call,
      "command (2 lines):",
      "git pull --rebase origin main",
      "git push origin main",
    ]);
    // From the end of the failed call's input and from the end of its output alike; another tool's call is passed.
    for (const end of ["command: git push origin main", " ! [rejected]        main -> main (fetch first)"]) {
      expect(retryAfter(retried.read, retried.endOf(end), retried.size, failed)).toEqual({
        line: 14,
        text: "git pull --rebase origin main",
      });
    }
    // Only a failed call has a retry; one of another tool would be retried by a call of its own tool.
    const done = toolMarker({ tool: "bash", status: "completed", callID: "call_9", compacted: false });
    expect(retryAfter(retried.read, retried.endOf("command: git push origin main"), retried.size, done)).toBe(
      undefined,
    );
    const grep = toolMarker({ tool: "grep", status: "error", callID: "call_9", compacted: false });
    expect(retryAfter(retried.read, retried.endOf("command: git push origin main"), retried.size, grep)).toBe(
      undefined,
    );
    // The user speaking in between ends the failure's story: what follows is another request.
    const asked = transcript([
      failed,
      "command: make",
      blockMarker("error", 1),
      "boom",
      user,
      textMarker([]),
      "stop",
      call,
      "command: ls",
    ]);
    expect(retryAfter(asked.read, asked.endOf("boom"), asked.size, failed)).toBeUndefined();
  });

  it("reads beside a unit only as far as the look needs, and as far as the window when it needs it", () => {
    // A long output (some 12 kB), then a long conversation after it (some 40 kB).
    const output = Array.from({ length: 150 }, (_, i) => `src/file-${i}.ts: ${"x".repeat(60)}`);
    const after = Array.from(
      { length: 400 },
      (_, i) => `a line of the conversation after the call, number ${i} of many`,
    );
    const long = transcript([
      assistant("msg_a6"),
      call,
      "command: bunx tsc --noEmit",
      blockMarker("error", output.length + 1),
      ...output,
      "Found 150 errors.",
      assistant("msg_a7"),
      textMarker([]),
      "The build fails in 150 files.",
      ...after,
    ]);
    let bytesRead = 0;
    const counted = (start: number, end: number) => {
      bytesRead += end - start;
      return long.read(start, end);
    };
    // The output's last line stands past the first bytes read: the look reads on and finds it.
    const outcome = outcomeOf(counted, long.endOf("command: bunx tsc --noEmit"), long.size, "bash");
    expect(outcome).toHaveLength(151);
    expect(outcome.at(-1)?.text).toBe("Found 150 errors.");
    // The call of a line deep in the output, and the call and output before the message, are found as far back.
    expect(callBefore(counted, long.startOf("Found 150 errors.")).call).toEqual({ line: 2, text: call });
    const before = outcomeBefore(counted, long.startOf("The build fails in 150 files."));
    expect(before.tool).toBe("bash");
    expect(before.lines.at(-1)?.text).toBe("Found 150 errors.");
    // A short look reads a few kB, not its whole window (OUTCOME_BYTES after, CALL_BYTES before).
    bytesRead = 0;
    expect(outcomesAfter(counted, long.endOf("The build fails in 150 files."), long.size)).toEqual([]);
    expect(callBefore(counted, long.startOf("The build fails in 150 files.")).call).toBeUndefined();
    expect(bytesRead).toBeLessThan(Math.min(OUTCOME_BYTES, CALL_BYTES) / 2);
  });

  it("shows a call's marker without its call id, as written otherwise", () => {
    expect(shownText(call)).toBe('[tool bash · completed · "bunx tsc"]');
    const bare = toolMarker({ tool: "read", status: "error", callID: "toolu_01-x", compacted: false });
    expect(shownText(bare)).toBe("[tool read · error]");
    const titled = toolMarker({ tool: "bash", status: "running", callID: "c1", title: "ls", compacted: true });
    expect(shownText(titled)).toBe('[tool bash · running · "ls" · compacted]');
    // Compacted without a title: shown as written, as the search always showed it.
    const compacted = toolMarker({ tool: "bash", status: "completed", callID: "c2", compacted: true });
    expect(shownText(compacted)).toBe(compacted);
    // Content that only looks like a marker, and the output's own marker, are left alone.
    expect(shownText("[tool bash]")).toBe("[tool bash]");
    expect(shownText(blockMarker("error", undefined))).toBe("[error · empty]");
  });
});
