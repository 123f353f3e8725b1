// Runs before every test file, under Node (setupFiles in vitest.config.ts) and under Bun (preload in bunfig.toml):
// every property test uses the seed property-seed.ts reads from LEDGER_FC_SEED.
import fc from "fast-check";
import { propertySeed } from "./property-seed.js";

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: propertySeed(process.env.LEDGER_FC_SEED) });
