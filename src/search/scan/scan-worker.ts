/**
 * A scan thread: compiles the query itself, then takes the next file index from the shared counter until none is
 * left, the stop flag is set or the deadline passes. Each file's state goes into the shared status array before its
 * result is posted, so the coordinator can tell "done, nothing found" from "still running" without a message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { prepareQuery } from "../prepare-query.js";
import { scanBufferFor, scanFileSync } from "./scan-file.js";
import { type PoolInput, type PoolMessage, STATUS, statusOf } from "./scan-protocol.js";

const data = workerData as PoolInput;
const post = (message: PoolMessage) => parentPort?.postMessage(message);
const query = await prepareQuery(data.input);
const control = new Int32Array(data.control);
const status = new Int32Array(data.status);
const bytesRead = new BigInt64Array(data.bytesRead);
const deadline = data.deadlineEpoch - performance.timeOrigin;
const limits = { ...data.limits, deadline };
const buffer = scanBufferFor(query, limits, data.chunkBytes);

for (;;) {
  if (Atomics.load(control, 1) !== 0 || performance.now() > deadline) break;
  const index = Atomics.add(control, 0, 1);
  const file = data.paths[index];
  if (file === undefined) break;
  const scan = scanFileSync(file, query, limits, buffer, data.chunkBytes);
  Atomics.add(bytesRead, 0, BigInt(scan.bytesRead));
  const state = statusOf(scan);
  Atomics.store(status, index, state);
  if (state === STATUS.error && scan.error) post({ type: "error", index, error: scan.error });
  else if (state === STATUS.hits && scan.hits) post({ type: "file", index, hits: scan.hits });
}
post({ type: "done" });
