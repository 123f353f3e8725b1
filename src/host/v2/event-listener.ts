/** The 2.x host's event stream, handed to the plugin's handlers one event at a time. */
import { describeError } from "../../errors.js";
import type { Logger } from "../../log.js";
import type { HostEvent } from "../host-port.js";
import { isRecord } from "./host-values.js";
import type { V2Event } from "./v2-context.js";

/** Hands every event of `event.subscribe()` to `events` until `stopped`; a failed stream is logged unless stopped. */
export async function listen(
  iterator: AsyncIterator<V2Event>,
  stopped: () => boolean,
  events: readonly ((event: HostEvent) => void)[],
  log: Logger,
) {
  try {
    for (let next = await iterator.next(); !next.done && !stopped(); next = await iterator.next()) {
      const event: unknown = next.value;
      if (!isRecord(event) || typeof event.type !== "string") continue;
      const properties = event.properties ?? event.data;
      for (const handler of events) handler({ type: event.type, properties });
    }
  } catch (error) {
    if (!stopped()) log.log("error", `events: ${describeError(error)}`);
  }
}
