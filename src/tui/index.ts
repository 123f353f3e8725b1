// The TUI entry (`exports["./tui"]`): OpenCode calls every export of a plugin module, so this exports the plugin and
// nothing else. A module may not default-export both `server` and `tui`; the server part is the package's main entry.
import { tui } from "./tui-plugin.js";

export default { id: "opencode-ledger", tui };
