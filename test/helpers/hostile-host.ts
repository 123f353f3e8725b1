/**
 * An OpenCode server that answers every request with something wrong, in turn: a server error, JSON of the wrong
 * shape, text that is not JSON, a 404, an empty object, a body cut short. A real HTTP server on 127.0.0.1 that the
 * plugin's real client talks to, for proving that whatever the host answers, no tool or hook throws.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const ANSWERS: { status: number; body: string }[] = [
  { status: 500, body: '{"data":{"message":"internal error"}}' },
  { status: 200, body: "[1,2,3]" },
  { status: 200, body: '{"id":5,"time":"yesterday","directory":42,"info":null,"parts":"none"}' },
  { status: 200, body: "<html>not json</html>" },
  { status: 404, body: '{"name":"NotFoundError"}' },
  { status: 200, body: "{}" },
  { status: 200, body: '[{"info":{"id":"msg_x","role":"user"},"parts":[{"type":"text"}]}]' },
  { status: 200, body: '{"truncated":' },
];

export interface HostileHost {
  readonly url: string;
  readonly requests: number;
  close(): Promise<void>;
}

export async function startHostileHost(): Promise<HostileHost> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const answer = ANSWERS[requests++ % ANSWERS.length] as (typeof ANSWERS)[number];
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
