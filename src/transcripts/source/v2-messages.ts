/**
 * OpenCode 2.x's stored session messages (Session.Message.Info of @opencode/schema 2.0.26: what `session.context()`
 * returns and what the `session_message` table holds as `{ id, type, ...data }`) read in the transcript's message
 * form, the one 1.x serves: a user or an assistant message with its parts. A person's prompt, a synthetic message (a
 * command's text, a background job's notice), a skill and a shell run by the person are user messages; an assistant
 * message keeps its text, reasoning and tool calls (each with its result); a completed compaction is an assistant
 * summary, so its checkpoint text is never read as something the person typed. Switches of agent, model and folder
 * and the idle markers are not messages of the conversation and are left out.
 */

/** Session.Message.Info, the fields read here; everything else is carried as it came. */
export interface V2StoredMessage {
  readonly id: string;
  readonly type: string;
  readonly time: { readonly created: number; readonly completed?: number };
  readonly [field: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** Tool.Content parts as one text: the text parts joined, a file named by its name or address. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (!isRecord(part)) return "";
      if (part.type === "text") return text(part.text);
      if (part.type === "file") return `[file ${text(part.name) || text(part.uri).slice(0, 120)} (${text(part.mime)})]`;
      return "";
    })
    .filter((t) => t !== "")
    .join("\n");
}

function toolPart(item: Record<string, unknown>, ids: PartIds, created: number) {
  const state = isRecord(item.state) ? item.state : {};
  const input = isRecord(state.input) ? state.input : { value: state.input };
  const times = isRecord(item.time) ? item.time : {};
  const start = typeof times.created === "number" ? times.created : created;
  const end = typeof times.completed === "number" ? times.completed : start;
  const name = text(item.name);
  const metadata = isRecord(state.metadata) ? state.metadata : {};
  const base = { ...ids, type: "tool", tool: name, callID: text(item.id) || ids.id };
  if (state.status === "completed") {
    return {
      ...base,
      state: {
        status: "completed",
        input,
        output: contentText(state.content),
        title: name,
        metadata,
        time: { start, end },
      },
    };
  }
  if (state.status === "error") {
    const error = isRecord(state.error) ? text(state.error.message) || JSON.stringify(state.error) : text(state.error);
    return { ...base, state: { status: "error", input, error: error || "failed", metadata, time: { start, end } } };
  }
  return { ...base, state: { status: "running", input, time: { start } } };
}

interface PartIds {
  sessionID: string;
  messageID: string;
  id: string;
}

function userMessage(sessionID: string, message: V2StoredMessage, texts: { text: string; synthetic: boolean }[]) {
  const info = {
    id: message.id,
    sessionID,
    role: "user",
    time: { created: message.time.created },
    agent: "",
    model: { providerID: "?", modelID: "?" },
  };
  const parts: Record<string, unknown>[] = texts
    .filter((t) => t.text !== "")
    .map((t, p) => ({
      sessionID,
      messageID: message.id,
      id: `${message.id}_p${p}`,
      type: "text",
      text: t.text,
      ...(t.synthetic ? { synthetic: true } : {}),
    }));
  const files = Array.isArray(message.files) ? message.files : [];
  for (const file of files) {
    if (!isRecord(file)) continue;
    const source = isRecord(file.source) ? file.source : {};
    parts.push({
      sessionID,
      messageID: message.id,
      id: `${message.id}_p${parts.length}`,
      type: "file",
      mime: text(file.mime) || "application/octet-stream",
      url: text(source.uri) || `attachment:${text(file.name)}`,
      ...(typeof file.name === "string" ? { filename: file.name } : {}),
    });
  }
  return { info, parts };
}

function assistantMessage(sessionID: string, message: V2StoredMessage) {
  const model = isRecord(message.model) ? message.model : {};
  const info = {
    id: message.id,
    sessionID,
    role: "assistant",
    time: {
      created: message.time.created,
      ...(typeof message.time.completed === "number" ? { completed: message.time.completed } : {}),
    },
    agent: text(message.agent),
    providerID: text(model.providerID) || "?",
    modelID: text(model.id) || "?",
  };
  const content = Array.isArray(message.content) ? message.content : [];
  const parts = content.flatMap((item, p) => {
    if (!isRecord(item)) return [];
    const ids = { sessionID, messageID: message.id, id: `${message.id}_p${p}` };
    if (item.type === "text") return [{ ...ids, type: "text", text: text(item.text) }];
    if (item.type === "reasoning") {
      return [{ ...ids, type: "reasoning", text: text(item.text), time: { start: message.time.created } }];
    }
    if (item.type === "tool") return [toolPart(item, ids, message.time.created)];
    // A part type a newer host added: the narrowing keeps it as opaque data.
    return [{ ...ids, ...item }];
  });
  return { info, parts };
}

function compactionMessage(sessionID: string, message: V2StoredMessage) {
  const summary = text(message.summary);
  const info = {
    id: message.id,
    sessionID,
    role: "assistant",
    // Completed: a compaction is stored once its summary is settled.
    time: { created: message.time.created, completed: message.time.completed ?? message.time.created },
    agent: "compaction",
    providerID: "?",
    modelID: "?",
    summary: true,
  };
  const parts = summary
    ? [{ sessionID, messageID: message.id, id: `${message.id}_p0`, type: "text", text: summary }]
    : [];
  return { info, parts };
}

/** The messages of `sessionID` in the transcript's form (to be narrowed by `narrowSessionMessages`). */
export function fromStoredMessages(sessionID: string, stored: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const value of stored) {
    if (!isRecord(value) || typeof value.id !== "string" || !isRecord(value.time)) {
      // Left to the narrowing, which refuses it with its reason.
      out.push({ info: value, parts: [] });
      continue;
    }
    const message = value as V2StoredMessage;
    switch (message.type) {
      case "user": {
        const skills = Array.isArray(message.skills) ? message.skills : [];
        const skillTexts = skills.flatMap((s) => (isRecord(s) && typeof s.text === "string" ? [s.text] : []));
        out.push(
          userMessage(sessionID, message, [
            ...skillTexts.map((t) => ({ text: t, synthetic: true })),
            { text: text(message.text), synthetic: false },
          ]),
        );
        break;
      }
      case "synthetic":
      case "skill":
        out.push(userMessage(sessionID, message, [{ text: text(message.text), synthetic: true }]));
        break;
      case "shell": {
        const output = isRecord(message.output) ? text(message.output.output) : "";
        const run = `$ ${text(message.command)}${output ? `\n${output}` : ""}`;
        out.push(userMessage(sessionID, message, [{ text: run, synthetic: true }]));
        break;
      }
      case "assistant":
        out.push(assistantMessage(sessionID, message));
        break;
      case "compaction":
        if (message.status === "completed") out.push(compactionMessage(sessionID, message));
        break;
      default:
        // agent-switched, model-switched, location-switched, system, idle: not a message of the conversation.
        break;
    }
  }
  return out;
}
