/**
 * The zod of the plugin: the schema builders it uses, from one module that the build ships as one minified file
 * (scripts/bundle-zod.mjs). zod is 70 modules and its namespace carries every locale: loaded one by one they added
 * 20-40 ms to every OpenCode start, where this file takes a few. Plugin options and tool arguments are built from
 * here; OpenCode 1.x takes tool arguments from any zod 4 (it checks for `_zod` and wraps them in its own object schema);
 * 2.x reads a tool's JSON Schema, which `toJSONSchema` makes (src/host/v2/tool-input.ts).
 */
import { array, boolean, config, enum as enumOf, number, object, strictObject, string, toJSONSchema } from "zod";
import en from "zod/v4/locales/en.js";

// The `zod` entry sets the English messages as a side effect, which a bundle of only these builders leaves out.
config(en());

export const z = { array, boolean, enum: enumOf, number, object, strictObject, string, toJSONSchema };
