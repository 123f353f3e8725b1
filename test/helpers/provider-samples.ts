/**
 * One real-shaped token per provider the guard knows by shape, and a near-miss of each that must pass (a character
 * short, the wrong alphabet, a word where the random part goes). Generated from a seed; every prefix is assembled
 * from parts so that scanners find nothing in these files.
 */
import type { ProviderSample } from "./provider-sample-builders.js";
import { CODE_AND_CLOUD_SAMPLES } from "./provider-samples-code-cloud.js";
import { INSIDE_SAMPLES } from "./provider-samples-inside.js";
import { SAAS_SAMPLES } from "./provider-samples-saas.js";

export type { ProviderSample } from "./provider-sample-builders.js";

export const PROVIDER_SAMPLES: readonly ProviderSample[] = [
  ...CODE_AND_CLOUD_SAMPLES,
  ...SAAS_SAMPLES,
  ...INSIDE_SAMPLES,
];
