// The layering of src/ (docs/architecture.md draws it): imports point down only. `npm run lint:deps` checks it in
// `npm test`; a back-edge fails the run with the rule's name.
const FOUNDATION =
  "^src/(errors|log|options|option-names|scope|iso-date|data-dir|bounded-output|human-units|one-line|lazy-load|zod|session-id|host-tools|plugin-spec|durations)\\.ts$";
const above = (...layers) => `^src/(${layers.join("|")})/`;
const SURFACES = ["tools", "slash-commands", "tui", "cli"];
const FEATURES = ["compaction", "injection", "action-recall", "reflection", "team"];

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment:
        "A cycle hides which module is the lower one. A type-only edge does not count: it is gone at run time (a " +
        "tool's call in src/tools/run/ takes its arguments' type from the definition that loads it on first use).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "foundation-is-a-leaf",
      comment: "Errors, logging, options, scopes and the small text helpers import nothing of ours but each other.",
      severity: "error",
      from: { path: FOUNDATION },
      to: { path: "^src/", pathNot: FOUNDATION },
    },
    {
      name: "secret-guard-is-a-leaf",
      comment: "The secret guard knows no store, transcript or surface: anything may ask it.",
      severity: "error",
      from: { path: "^src/secret-guard/" },
      to: { path: above("store", "transcripts", "search", ...FEATURES, ...SURFACES) },
    },
    {
      name: "store-knows-no-transcripts",
      comment: "The store is the bottom of the data layer: transcripts and search use it, never the reverse.",
      severity: "error",
      from: { path: "^src/store/" },
      to: { path: above("transcripts", "search", ...FEATURES, ...SURFACES) },
    },
    {
      name: "transcripts-know-no-search",
      comment: "Search reads transcripts and never writes them; transcripts know nothing of search or any feature.",
      severity: "error",
      from: { path: "^src/transcripts/" },
      to: { path: above("search", ...FEATURES, ...SURFACES) },
    },
    {
      name: "data-context-knows-no-search",
      comment:
        "src/data-context.ts is what the transcripts are handed: it sits with them, above the store, and carries the " +
        "index as the transcripts' port (transcripts/export/transcript-indexer.ts), never a class of search's or the " +
        "index itself; src/services.ts builds the index and hands it over.",
      severity: "error",
      from: { path: "^src/data-context\\.ts$" },
      to: {
        path: "^src/",
        pathNot: [FOUNDATION, "^src/store/", "^src/transcripts/export/transcript-indexer\\.ts$"],
      },
    },
    {
      name: "only-transcripts-write-the-index",
      comment:
        "The full-text index is derived transcript data: its writes (units added, sessions dropped, in " +
        "transcripts/index/index-update.ts, in the transactions of index-transactions.ts) are made by the transcripts " +
        "only. Others go through transcripts/index: a ranked search's catch-up (index-catch-up.ts), doctor's " +
        "inspection and rebuild (index-maintenance.ts).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/transcripts/" },
      to: { path: "^src/transcripts/index/index-(?:update|transactions)\\.ts$" },
    },
    {
      name: "search-only-reads-transcripts",
      comment:
        "A search reads transcripts and their index: it never reaches the exporter, the backfill, the retention " +
        "sweep, the index's writes or its rebuild (only a catch-up of what is in scope, through the index's port).",
      severity: "error",
      from: { path: "^src/search/" },
      to: {
        path: "^src/transcripts/(export|backfill|retention)/|^src/transcripts/index/(index-update|index-maintenance)\\.ts$",
      },
    },
    {
      name: "search-reads-the-index-through-its-port",
      comment:
        "A search holds the index as transcripts/index/index-reader.ts declares it (rows to read, the catch-up), " +
        "never the class that writes it (search-index.ts), its read-write connection or its upkeep; the words and " +
        "units it shares with the index (index-tokens.ts, unit-words.ts, transcript-units.ts, reader-state.ts, and " +
        "unit-columns.ts, how a unit's row reads) write nothing.",
      severity: "error",
      from: { path: "^src/search/" },
      to: {
        path: "^src/transcripts/index/",
        pathNot:
          "^src/transcripts/index/(index-reader|index-tokens|unit-words|transcript-units|reader-state|unit-columns)\\.ts$",
      },
    },
    {
      name: "search-knows-no-features",
      severity: "error",
      from: { path: "^src/search/" },
      to: { path: above(...FEATURES, ...SURFACES) },
    },
    {
      name: "features-know-no-surfaces",
      comment: "Compaction, injection and reflection are used by the surfaces, never the reverse.",
      severity: "error",
      from: { path: above(...FEATURES) },
      to: { path: above(...SURFACES) },
    },
    ...SURFACES.map((surface) => ({
      name: `${surface}-stands-alone`,
      comment: "The agent's tools, the slash commands, the TUI and the CLI share what lies below them, not each other.",
      severity: "error",
      from: { path: `^src/${surface}/` },
      to: { path: above(...SURFACES.filter((other) => other !== surface)) },
    })),
    {
      name: "adapters-are-the-roots",
      comment:
        "A host adapter (src/host/v1/, src/host/v2/) is the only place that knows its host version's hook names: only " +
        "the composition root builds one, and the features see the host through the port (src/host/host-port.ts).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(plugin\\.ts$|host/)" },
      to: { path: "^src/host/v[0-9]+/" },
    },
    {
      name: "adapters-stay-apart",
      comment: "The 1.x and 2.x adapters share the port, never each other's code.",
      severity: "error",
      from: { path: "^src/host/v1/" },
      to: { path: "^src/host/v2/" },
    },
    {
      name: "only-the-entry-composes",
      comment: "plugin.ts is the composition root: only the package entry imports it.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(index|plugin)\\.ts$" },
      to: { path: "^src/plugin\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
