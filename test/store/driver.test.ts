import { connect, isBun } from "../../src/store/driver.js";
import { testDriver } from "./driver-conformance.js";

// The driver this runtime loads: better-sqlite3 under Node (vitest), bun:sqlite under Bun (`npm run test:bun`).
testDriver(isBun ? "bun:sqlite" : "better-sqlite3", connect);
