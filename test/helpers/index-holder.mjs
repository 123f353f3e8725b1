// Holds the search index of a data folder open as a running plugin does (the built package's SearchIndex, under Node
// or Bun): opens it, runs one read, prints "ready", and keeps it open until its standard input closes.
// Usage: index-holder.mjs <dataDir>
import { SearchIndex } from "../../dist/transcripts/index/search-index.js";

const index = new SearchIndex(process.argv[2]);
const health = await index.forReading();
if (!health.usable) {
  console.error(health.reason);
  process.exit(2);
}
health.connection.get("SELECT count(*) AS n FROM units");
console.log("ready");
process.stdin.resume();
process.stdin.on("end", () => {
  index.close();
  process.exit(0);
});
