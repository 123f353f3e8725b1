// OpenCode calls every export of a plugin module as a factory: this entry exports the plugin and nothing else.
import { server } from "./plugin.js";

export default { id: "opencode-ledger", server };
