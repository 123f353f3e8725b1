import http from "node:http";
import type { AddressInfo } from "node:net";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HostError } from "../../../src/errors.js";
import { readExportFile } from "../../../src/transcripts/source/export-file-source.js";
import { createHostSource } from "../../../src/transcripts/source/host-source.js";
import { corpusFiles } from "../../helpers/transcripts.js";

// A local HTTP server that answers the two session routes the way OpenCode does, with a real session of the corpus;
// the plugin's own SDK client talks to it over 127.0.0.1.
const session = readExportFile(corpusFiles()[0] as string);
const seen: string[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const match = /^\/session\/([^/]+)(\/message)?$/.exec(url.pathname);
    if (!match) return send(404, { name: "NotFoundError", data: { message: "no route" } });
    const [, id, messages] = match;
    if (id === "ses_broken0000000001")
      return send(500, { name: "UnknownError", data: { message: "database is locked" } });
    if (id === "ses_garbled000000001") return send(200, messages ? [{ info: { id: 3 } }] : { nope: true });
    if (id !== session.info.id)
      return send(404, { name: "NotFoundError", data: { message: `Session not found: ${id}` } });
    return send(200, messages ? session.messages : session.info);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the host session source over the plugin's SDK client", () => {
  it("reads a session and its messages, sending the project directory", async () => {
    const source = createHostSource(createOpencodeClient({ baseUrl }), "/projects/dark-factory");
    const info = await source.session(session.info.id);
    expect(info).toMatchObject({ id: session.info.id, title: session.info.title, directory: session.info.directory });
    const messages = await source.messages(session.info.id);
    expect(messages).toHaveLength(session.messages.length);
    expect(messages[0]?.parts.map((p) => p.id)).toEqual(session.messages[0]?.parts.map((p) => p.id));
    expect(seen).toContain(`GET /session/${session.info.id}?directory=%2Fprojects%2Fdark-factory`);
    await source.session(session.info.id, { directory: "/elsewhere" });
    expect(seen).toContain(`GET /session/${session.info.id}?directory=%2Felsewhere`);
  });

  it("answers undefined (and no messages) for a session the host does not have", async () => {
    const source = createHostSource(createOpencodeClient({ baseUrl }));
    expect(await source.session("ses_missing000000001")).toBeUndefined();
    expect(await source.messages("ses_missing000000001")).toEqual([]);
  });

  it("reports a host error with its status, and a payload that is not a session", async () => {
    const source = createHostSource(createOpencodeClient({ baseUrl }));
    const failed = await source.session("ses_broken0000000001").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HostError);
    expect((failed as HostError).code).toBe("HOST");
    expect((failed as Error).message).toBe(
      "[opencode-ledger] OpenCode refused session ses_broken0000000001 (HTTP 500): database is locked",
    );
    await expect(source.session("ses_garbled000000001")).rejects.toThrow("unexpected session data (session has no id)");
    await expect(source.messages("ses_garbled000000001")).rejects.toThrow("message 0 has no info or parts");
  });

  it("reports a host that does not answer", async () => {
    const source = createHostSource(createOpencodeClient({ baseUrl: "http://127.0.0.1:9" }));
    const failed = await source.session(session.info.id).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HostError);
    expect((failed as Error).message).toMatch(/^\[opencode-ledger\] OpenCode did not answer for session/);
  });
});
