// One OpenCode process's plugin writing the store through its registered tools, as an agent does: the shipped
// plugin (dist/index.js) started with a host on 127.0.0.1 that accepts its log lines, then memory_save in a loop,
// memory_forget on every third entry it saved and memory_restore on every sixth. Plain JavaScript, run by the OpenCode
// binary as a Bun (bun:sqlite), the plugin's runtime. Args: dataDir, project folder, tag, minimum saves, stop file.
// Saves until it has made the minimum and the stop file exists; prints "ready", then a JSON summary of what it did
// (ids of every entry saved, forgotten, restored) and every tool answer that read as an error.
import fs from "node:fs";
import http from "node:http";
import { createOpencodeClient } from "@opencode-ai/sdk";
import plugin from "../../dist/index.js";

const [dataDir, project, tag, minimum, stopFile] = process.argv.slice(2);
const host = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("true");
  });
});
await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
const hooks = await plugin.server(
  {
    client: createOpencodeClient({ baseUrl: `http://127.0.0.1:${host.address().port}` }),
    directory: project,
    worktree: project,
  },
  { dataDir, search: { useRipgrep: false }, tools: "all" },
);
const ctx = {
  sessionID: `ses_writer${tag}00000001`,
  messageID: `msg_writer${tag}00000001`,
  agent: "build",
  directory: project,
  worktree: project,
  abort: new AbortController().signal,
  metadata: () => undefined,
  ask: async () => undefined,
};
const call = (name, args) => hooks.tool[name].execute(args, ctx);

const saved = [];
const forgotten = [];
const restored = [];
const errors = [];
console.log("ready");
for (let i = 0; i < Number(minimum) || !fs.existsSync(stopFile); i++) {
  const out = await call("memory_save", {
    kind: "fact",
    title: `Writer ${tag} entry ${i}`,
    body: `saved by writer ${tag}, number ${i}`,
  });
  const id = /^Saved fact \[([^\]]+)\]/.exec(out)?.[1];
  if (!id) {
    errors.push(out);
    continue;
  }
  saved.push(id);
  if (i % 3 !== 0) continue;
  const forget = await call("memory_forget", { id, reason: `writer ${tag} forgets ${i}` });
  if (!forget.startsWith("Moved 1 entry to the trash")) {
    errors.push(forget);
    continue;
  }
  forgotten.push(id);
  if (i % 6 !== 0) continue;
  const restore = await call("memory_restore", { id });
  if (!restore.startsWith("Restored ")) {
    errors.push(restore);
    continue;
  }
  restored.push(id);
}
host.close();
console.log(JSON.stringify({ saved, forgotten, restored, errors }));
process.exitCode = errors.length === 0 ? 0 : 1;
