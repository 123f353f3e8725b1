/** The index's rows read back for comparison: units per session in line order, and the sessions' coverage. */

import path from "node:path";
import { connectIndex } from "../../src/search/index/index-connection.js";
import { INDEX_FILE } from "../../src/search/index/search-index.js";

export interface UnitDump {
  session_id: string;
  first_line: number;
  last_line: number;
  byte_start: number;
  byte_end: number;
  role: string;
  tool: string | null;
  time: number | null;
}

export async function dumpIndex(dataDir: string) {
  const c = await connectIndex(path.join(dataDir, INDEX_FILE), { readonly: true });
  try {
    const units = c.all<UnitDump>(
      "SELECT s.session_id, first_line, last_line, byte_start, byte_end, role, tool, time FROM units u JOIN sessions s ON s.sid = u.sid ORDER BY s.session_id, first_line",
    );
    const sessions = c.all<{ session_id: string; lines: number; bytes: number }>(
      "SELECT session_id, lines, bytes FROM sessions ORDER BY session_id",
    );
    const text = c.get<{ n: number }>(
      "SELECT count(*) AS n FROM unit_text WHERE unit_text MATCH 'build OR module OR fixed'",
    );
    return { units, sessions, matching: text?.n ?? 0 };
  } finally {
    c.close();
  }
}
