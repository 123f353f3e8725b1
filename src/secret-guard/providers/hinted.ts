/**
 * Shapes whose distinctive part is not at their start: a host in a URL, a suffix, a separator inside. Each is found
 * by a literal hint (the pattern runs only on a text that holds it) and a global pattern with its own boundaries.
 */
import { type HintRule, hinted } from "../shape-rule.js";
import { hexPair, looksRandomToken } from "./accepts.js";

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
  // A bot token in the Bot API's URL (`https://api.telegram.org/bot<id>:<token>/getMe`): `bot` is glued to the id, so
  // the separated rule, which wants the id to start a token, does not see it. The pattern starts with its literal, not
  // a lookbehind, which the engine would try at every position of the text (25 times slower on a 100 kB body).
  hinted(
    "Telegram bot token",
    "api.telegram.org/bot",
    String.raw`api\.telegram\.org\/bot[0-9]{5,16}:(A[A-Za-z0-9_-]{34})(?![A-Za-z0-9_-])`,
  ),
  // Sidekiq Pro and Enterprise credentials in the gem source's URL (`https://<8 hex>:<8 hex>@gems.contribsys.com/`):
  // the pair follows `//`, where the separated rule does not look, and is too short for a password in a URL.
  hinted(
    "Sidekiq credentials",
    "contribsys.com",
    String.raw`\/\/([a-fA-F0-9]{8}:[a-fA-F0-9]{8})(?=@(?:gems|enterprise)\.contribsys\.com(?![A-Za-z0-9.-]))`,
    hexPair,
  ),
  hinted("New Relic key", "NRAL", "(?<![A-Za-z0-9_-])([a-fA-F0-9]{36})NRAL(?![A-Za-z0-9_-])"),
  hinted(
    "Terraform Cloud token",
    ".atlasv1.",
    String.raw`(?<![A-Za-z0-9_-])([A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_=-])`,
  ),
];
