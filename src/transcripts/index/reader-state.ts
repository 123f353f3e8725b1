/**
 * Where the reading of a transcript stands, line by line: the role of each line (and its tool, its message's time)
 * comes from the marker lines before it, so a reading resumed from a stored state goes on as one from the first line
 * would. The index's units (transcript-units.ts) and the second look's reading of a tool call's lines
 * (search/ranked/tool-call-lines.ts) move it alike.
 */
import { createdOf, readMarker } from "../transcript-format.js";
import type { Role } from "./transcript-units.js";

/** Where the reading of a transcript stands between two updates. */
export interface ReaderState {
  role: Role;
  /** Role of the current message: its text parts are the user's or the assistant's. */
  speaker: "user" | "assistant";
  tool: string | null;
  time: number | null;
  /**
   * The start of the current tool call's lines (its tool line and input), at most CALL_CHARS (transcript-units.ts),
   * and their bytes.
   */
  call: string;
  callStart: number;
  callEnd: number;
}

export const initialState = (): ReaderState => ({
  role: "meta",
  speaker: "assistant",
  tool: null,
  time: null,
  call: "",
  callStart: 0,
  callEnd: 0,
});

/**
 * Moves the state over one line of text; returns true when the line starts a new unit: every marker line does (a
 * part, a message, a note), so units end where exports end, and the index built as a transcript grew is the one built
 * from the whole file. The markers are the transcript's grammar (../transcript-format.ts).
 */
export function advance(state: ReaderState, text: string): boolean {
  const marker = readMarker(text);
  if (marker === undefined) return textLine(state, text);
  switch (marker.kind) {
    case "message":
      state.speaker = marker.speaker === "user" ? "user" : "assistant";
      state.time = marker.time ?? state.time;
      state.role = "meta";
      state.tool = null;
      state.call = "";
      break;
    case "text":
      state.role = state.speaker;
      // Synthetic text is OpenCode's (a file the user named, read and attached): weighed as a document (rerank.ts).
      state.tool = marker.synthetic ? "synthetic" : null;
      break;
    case "reasoning":
      state.role = "reasoning";
      state.tool = null;
      break;
    case "tool":
      state.role = "tool-input";
      state.tool = marker.tool;
      state.call = "";
      break;
    case "block":
      // An output or error marker outside a tool call is text.
      if (state.tool === null) return textLine(state, text);
      state.role = "tool-output";
      break;
    case "subtask":
      state.role = "tool-input";
      state.tool = "subtask";
      state.call = "";
      break;
    case "label":
      state.role = "meta";
      state.tool = null;
      break;
  }
  return true;
}

/** A line that is no marker: only the transcript's `created:` header line says something (the session's time). */
function textLine(state: ReaderState, text: string): false {
  if (state.time === null && state.role === "meta") {
    const created = createdOf(text);
    if (created !== undefined) state.time = created;
  }
  return false;
}
