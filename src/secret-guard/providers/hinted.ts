/**
 * Shapes whose distinctive part is not at their start: a host in a URL, a suffix, a separator inside. Each is found
 * by a literal hint (the pattern runs only on a text that holds it) and a global pattern with its own boundaries.
 */
import { type HintRule, hinted } from "../shape-rule.js";
import { looksRandomToken } from "./accepts.js";

export const HINT_RULES: readonly HintRule[] = [
  hinted(
    "Slack webhook URL",
    "hooks.slack.com",
    String.raw`hooks\.slack\.com\/(?:services|workflows|triggers)\/([A-Za-z0-9_/+-]{20,})`,
    (body) => looksRandomToken(body.replaceAll("/", "")),
  ),
  hinted(
    "Microsoft Teams webhook URL",
    "webhook.office.com",
    String.raw`[A-Za-z0-9-]+\.webhook\.office\.com\/webhookb2\/([A-Za-z0-9@/_-]{60,})`,
  ),
  hinted(
    "Discord webhook URL",
    "/api/webhooks/",
    String.raw`discord(?:app)?\.com\/api\/webhooks\/(\d{15,25}\/[A-Za-z0-9_-]{60,})`,
  ),
  hinted(
    "Azure AD client secret",
    "Q~",
    String.raw`(?<![A-Za-z0-9_~.-])([A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-])`,
  ),
  hinted("New Relic key", "NRAL", "(?<![A-Za-z0-9_-])([a-fA-F0-9]{36})NRAL(?![A-Za-z0-9_-])"),
  hinted(
    "Terraform Cloud token",
    ".atlasv1.",
    String.raw`(?<![A-Za-z0-9_-])([A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_=-])`,
  ),
];
