/**
 * A tool's arguments in the form every supported host reads: the zod object (a Standard Schema: 1.x and 2.x validate
 * through `~standard.validate`) with the Standard JSON Schema beside it (`~standard.jsonSchema.input/output`), which
 * 2.x reads to put the tool on the model's list. The bundled zod 4.1.8 has no `jsonSchema` of its own, and one tool
 * without it failed every request of every session of a 2.x preview; here it is made once per tool, on first read.
 */
import type { ToolDefinition } from "@opencode-ai/plugin";
import type { z } from "../../zod.js";
import type { V2StandardJsonSchema } from "./v2-context.js";

export interface ToolInputDeps {
  objectSchema: typeof z.object;
  toJSONSchema: typeof z.toJSONSchema;
}

/** Standard JSON Schema's target names, in zod's spelling; anything else gets draft 2020-12. */
const TARGETS: Record<string, "draft-2020-12" | "draft-7" | "openapi-3.0"> = {
  "draft-2020-12": "draft-2020-12",
  "draft-07": "draft-7",
  "draft-7": "draft-7",
  "openapi-3.0": "openapi-3.0",
};

export function toolInput(args: ToolDefinition["args"], deps: ToolInputDeps): V2StandardJsonSchema {
  const schema = deps.objectSchema(args);
  const standard = schema["~standard"];
  const made = new Map<string, Record<string, unknown>>();
  const json = (io: "input" | "output") => (options?: { readonly target?: string }) => {
    const target = TARGETS[options?.target ?? ""] ?? "draft-2020-12";
    const key = `${io} ${target}`;
    let value = made.get(key);
    if (!value) {
      value = deps.toJSONSchema(schema, { io, target }) as Record<string, unknown>;
      made.set(key, value);
    }
    return value;
  };
  Object.defineProperty(schema, "~standard", {
    value: { ...standard, jsonSchema: { input: json("input"), output: json("output") } },
    enumerable: true,
    configurable: true,
  });
  return schema as unknown as V2StandardJsonSchema;
}
