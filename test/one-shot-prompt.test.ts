/**
 * A model call through the host that the host fails is a HostError (code HOST), said as OpenCode's refusal rather than
 * as an unexpected error; the temporary session is deleted whatever happened after it was made.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { PluginInput } from "@opencode-ai/plugin";
import { createOpencodeClient } from "@opencode-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError, HostError } from "../src/errors.js";
import { promptOnce } from "../src/one-shot-prompt.js";

const seen: string[] = [];
let server: http.Server;
let baseUrl = "";
/** What the next POST /session answers: a session, or a refusal. */
let createAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    seen.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && url.pathname === "/session") return send(createAnswer.status, createAnswer.body);
    if (req.method === "POST" && url.pathname.endsWith("/message"))
      return send(500, { name: "UnknownError", data: { message: "provider down" } });
    if (req.method === "DELETE") return send(200, true);
    return send(404, { name: "NotFoundError", data: { message: "no route" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = { title: "t", agent: "compaction", model: { providerID: "p", modelID: "m" }, text: "hi" };
const client = () => createOpencodeClient({ baseUrl }) as unknown as PluginInput["client"];

describe("promptOnce", () => {
  it("fails with a HostError when OpenCode refuses the temporary session", async () => {
    createAnswer = { status: 500, body: { name: "UnknownError", data: { message: "database is locked" } } };
    const failed = await promptOnce(client(), request).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HostError);
    expect(describeError(failed)).toMatch(/^\[opencode-ledger\] could not create a temporary session/);
  });

  it("fails with a HostError when the request fails, and deletes the session it made", async () => {
    createAnswer = { status: 200, body: { id: "ses_temp00000000001", title: "t" } };
    seen.length = 0;
    const failed = await promptOnce(client(), request).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HostError);
    expect((failed as HostError).code).toBe("HOST");
    expect(describeError(failed)).toMatch(/^\[opencode-ledger\] the request failed/);
    expect(seen).toContain("DELETE /session/ses_temp00000000001");
  });
});
