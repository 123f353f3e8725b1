/**
 * Provider tokens recognised by their prefix, length and alphabet (and checksum, where the format has one), one
 * file per domain under providers/. Rules sharing a start are tried in this order, so a longer prefix comes before a
 * shorter one (`sk-ant-` before `sk-`, `sk_live_` before `sk_`).
 */
import { AI, CODE } from "./providers/ai-and-code.js";
import { CLOUD, SECRETS } from "./providers/cloud.js";
import { PAYMENTS } from "./providers/payments.js";
import { MESSAGING, WORK } from "./providers/workplace.js";
import type { PrefixRule } from "./shape-rule.js";

/** Every prefixed rule, in the order rules sharing a start are tried. */
export const PREFIX_RULES: readonly PrefixRule[] = [
  ...AI,
  ...CODE,
  ...SECRETS,
  ...CLOUD,
  ...MESSAGING,
  ...PAYMENTS,
  ...WORK,
];
