// OpenCode calls every export of a plugin module as a factory: this entry exports the plugin and nothing else. One
// default for both hosts: OpenCode 1.x calls `server`, OpenCode 2.x (`Plugin.define({ id, setup })`) calls `setup`.
import { server, setup } from "./plugin.js";

export default { id: "opencode-ledger", server, setup };
