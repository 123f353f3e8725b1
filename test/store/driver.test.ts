import { chooseDriver, connect } from "../../src/store/driver.js";
import { testDriver } from "./driver-conformance.js";

// The driver this runtime loads: bun:sqlite under Bun (`npm run test:bun`); under Node (vitest) node:sqlite where the
// Node version has it, else better-sqlite3. test/store/drivers/node-sqlite.test.ts runs this suite on node:sqlite too.
const { driver } = await chooseDriver();
testDriver(driver?.name ?? "none", connect);
