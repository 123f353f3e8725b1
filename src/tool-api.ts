/**
 * The host's `tool` helper and its zod (`tool.schema`), re-exported from one module. Every runtime use of zod in the
 * plugin goes through here so that the build can ship this module as one minified file (scripts/bundle-tool-api.mjs):
 * zod is 70 modules, and loading them one by one added 20-40 ms to every OpenCode start; one file takes about 10.
 */
export { tool } from "@opencode-ai/plugin";
