/**
 * Loaded by OpenCode itself, not by the plugin: the `config` hook registers a provider whose `npm` is this file's
 * URL, and OpenCode calls the first export whose name starts with "create" with `{ name, ...provider options }`.
 * So this module exports exactly one function and nothing else.
 */
import { type PointerModelOptions, pointerLanguageModel } from "./pointer-model.js";

export function createLedgerPointer(options: PointerModelOptions = {}) {
  const languageModel = (modelId: string) => pointerLanguageModel(modelId, options);
  return { specificationVersion: "v3" as const, languageModel, chat: languageModel };
}
