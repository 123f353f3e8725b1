import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The fast-check seed of every property test (LEDGER_FC_SEED); bunfig.toml preloads the same file under Bun.
    setupFiles: ["test/helpers/property-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
