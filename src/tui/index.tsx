import type { TuiPluginApi, TuiPluginModule } from "@opencode-ai/plugin/tui";

const tui = async (api: TuiPluginApi) => {
  api.ui.toast({ variant: "info", message: "ledger probe loaded" });
  api.slots.register({
    order: 900,
    slots: {
      app_bottom() {
        return <text fg={api.theme.current.textMuted}>ledger probe: status</text>;
      },
    },
  });
  api.keymap.registerLayer({
    commands: [
      {
        name: "ledger.memory",
        title: "Memory",
        slashName: "memory",
        category: "Memory",
        namespace: "palette",
        run() {
          api.ui.dialog.replace(() => (
            <api.ui.DialogAlert title="Memory" message="probe dialog" onConfirm={() => api.ui.dialog.clear()} />
          ));
        },
      },
    ],
  });
};

const plugin: TuiPluginModule & { id: string } = { id: "opencode-ledger", tui };
export default plugin;
