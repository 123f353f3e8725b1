/**
 * One model call through the OpenCode server the plugin was given: a temporary session is prompted once and deleted
 * afterwards. It runs on the person's own provider and credentials, as OpenCode itself would call them.
 */
import type { PluginInput } from "@opencode-ai/plugin";
import { describeError, HostError } from "./errors.js";

export interface ModelRef {
  providerID: string;
  modelID: string;
}

export interface OneShotPrompt {
  /** Title of the temporary session; a title of our own also keeps OpenCode from spending a title request on it. */
  title: string;
  /** The agent whose system prompt and permissions apply (`compaction` has no tools). */
  agent: string;
  model: ModelRef;
  text: string;
  /** Told the temporary session's id as soon as it exists, so event handlers can leave it alone. */
  onSession?: (sessionID: string) => void;
}

type Client = PluginInput["client"];

/** The text the model answered, trimmed; throws when the session, the request or the model failed. */
export async function promptOnce(client: Client, request: OneShotPrompt): Promise<string> {
  const created = await client.session.create({ body: { title: request.title } });
  const id = created.data?.id;
  if (!id) throw new HostError(`could not create a temporary session (${describeError(created.error)})`);
  request.onSession?.(id);
  try {
    const reply = await client.session.prompt({
      path: { id },
      body: { agent: request.agent, model: request.model, parts: [{ type: "text", text: request.text }] },
    });
    if (!reply.data) throw new HostError(`the request failed (${describeError(reply.error)})`);
    if (reply.data.info.error) throw new HostError(`the model answered with an error (${reply.data.info.error.name})`);
    return reply.data.parts
      .map((p) => (p.type === "text" ? p.text : ""))
      .join("")
      .trim();
  } finally {
    await client.session.delete({ path: { id } }).catch(() => undefined);
  }
}
