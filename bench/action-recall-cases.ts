/**
 * The written-down evaluation of the recall at the point of action: the saved entries of a small TypeScript project
 * (with its team's and global ones, another project's, and entries that are no longer active), and tool calls, each
 * with the entries a careful person would want in front of the agent right after it. Distractors are deliberate:
 * another folder's file of the same name, a module's name used as a plain word, another project's note on the same
 * path, a rejected and a superseded note.
 */

export type CaseScope = "project" | "team" | "global" | "other";

export interface CaseEntry {
  key: string;
  scope: CaseScope;
  kind: string;
  title: string;
  body: string;
  tags?: string[];
  /** Saved active unless this says otherwise. */
  status?: "candidate" | "rejected" | "superseded";
}

export interface CaseCall {
  what: string;
  tool: string;
  args: Record<string, string>;
  /** Keys of the entries that should be shown after this call (empty: nothing should be). */
  relevant: string[];
}

export const ENTRIES: readonly CaseEntry[] = [
  {
    key: "migrate-idempotent",
    scope: "project",
    kind: "gotcha",
    title: "Migrations must stay idempotent",
    body: "Every statement in src/db/migrate.ts may run twice after a crash; guard each one with IF NOT EXISTS.",
  },
  {
    key: "migrate-journal",
    scope: "team",
    kind: "decision",
    title: "Migration journal is the source of truth",
    body: "migrate.ts reads migrations/meta/_journal.json; never number a migration by hand.",
  },
  {
    key: "db-folder",
    scope: "project",
    kind: "decision",
    title: "The store layer knows no driver",
    body: "Nothing under src/db/ imports bun:sqlite or better-sqlite3 directly; the driver module chooses.",
  },
  {
    key: "schema-columns",
    scope: "project",
    kind: "gotcha",
    title: "Renaming a column breaks old stores",
    body: "src/db/schema.ts: add a column and copy, never rename in place.",
  },
  {
    key: "cli-migrate",
    scope: "project",
    kind: "fact",
    title: "The CLI's migrate command",
    body: "src/cli/migrate.ts only prints the plan; it never writes.",
  },
  {
    key: "migrate-word",
    scope: "project",
    kind: "preference",
    title: "Move users in batches",
    body: "When we migrate users between plans, do it in batches of 500 at night.",
  },
  {
    key: "other-migrate",
    scope: "other",
    kind: "gotcha",
    title: "Another project's migrate.ts",
    body: "In that project src/db/migrate.ts is generated; do not edit it.",
  },
  {
    key: "migrate-rejected",
    scope: "project",
    kind: "gotcha",
    title: "Migrations run in parallel",
    body: "src/db/migrate.ts runs each migration on its own connection.",
    status: "rejected",
  },
  {
    key: "button-old",
    scope: "project",
    kind: "decision",
    title: "Buttons use the old theme",
    body: "src/ui/button.tsx keeps the v1 theme tokens.",
    status: "superseded",
  },
  {
    key: "button-new",
    scope: "project",
    kind: "decision",
    title: "Buttons use design tokens",
    body: "src/ui/button.tsx takes its colours from tokens.css only; no literal colours.",
  },
  {
    key: "button-candidate",
    scope: "project",
    kind: "fact",
    title: "Button sizes",
    body: "src/ui/button.tsx has three sizes.",
    status: "candidate",
  },
  {
    key: "ui-tests",
    scope: "project",
    kind: "lesson",
    title: "UI snapshots need the fixed clock",
    body: "Tests under test/ui/ fail at midnight without the fixed clock helper.",
  },
  {
    key: "git-push",
    scope: "global",
    kind: "preference",
    title: "Never force-push a shared branch",
    body: "git push --force rewrote main once; use --force-with-lease on your own branch only.",
  },
  {
    key: "git-rebase",
    scope: "global",
    kind: "preference",
    title: "Rebase before merging",
    body: "git rebase main before opening a pull request keeps the history linear.",
  },
  {
    key: "npm-build",
    scope: "project",
    kind: "gotcha",
    title: "Live tests need a fresh build",
    body: "Run npm run build before the live tests; they refuse a dist older than src.",
  },
  {
    key: "npm-install",
    scope: "team",
    kind: "decision",
    title: "Lockfile installs only",
    body: "Use npm ci in CI; npm install rewrites package-lock.json.",
  },
  {
    key: "vitest-run",
    scope: "project",
    kind: "gotcha",
    title: "One test file at a time",
    body: "npx vitest run with no file runs the whole suite, which takes ten minutes here; name the file.",
  },
  {
    key: "docker-tag",
    scope: "project",
    kind: "fact",
    title: "Images are tagged by commit",
    body: "The release job tags images with the short commit; latest is never pushed.",
    tags: ["docker"],
  },
  {
    key: "bench-script",
    scope: "project",
    kind: "fact",
    title: "Benchmarks write their own section",
    body: "scripts/bench.mjs assembles BENCHMARKS.md from bench/results; do not edit it by hand.",
  },
  {
    key: "readme-options",
    scope: "project",
    kind: "decision",
    title: "Every option is in the README table",
    body: "A new option goes into src/options.ts with JSDoc and into the README.md options table.",
  },
  {
    key: "options-tag",
    scope: "project",
    kind: "gotcha",
    title: "Option sections switch off alone",
    body: "A bad value switches off only its own section.",
    tags: ["options"],
  },
  {
    key: "secret-env",
    scope: "project",
    kind: "gotcha",
    title: "The deploy script reads the token from the environment",
    body: "scripts/deploy.sh expects DEPLOY_TOKEN in the environment; never write it into the script.",
  },
];

export const CALLS: readonly CaseCall[] = [
  {
    what: "edit of the file a gotcha names",
    tool: "edit",
    args: { filePath: "src/db/migrate.ts" },
    relevant: ["migrate-idempotent", "migrate-journal", "db-folder"],
  },
  {
    what: "write of a file beside it (its folder's note)",
    tool: "write",
    args: { filePath: "src/db/schema.ts" },
    relevant: ["schema-columns", "db-folder"],
  },
  {
    what: "edit of another folder's file of the same name",
    tool: "edit",
    args: { filePath: "src/cli/migrate.ts" },
    // the journal note names "migrate.ts" without its folder, but means the one in src/db: not wanted here
    relevant: ["cli-migrate"],
  },
  {
    what: "edit whose notes are superseded, candidate or current",
    tool: "edit",
    args: { filePath: "src/ui/button.tsx" },
    relevant: ["button-new"],
  },
  { what: "edit of a file nothing names", tool: "edit", args: { filePath: "src/ui/modal.tsx" }, relevant: [] },
  {
    what: "patch of two files",
    tool: "apply_patch",
    args: {
      patchText:
        "*** Begin Patch\n*** Update File: src/db/schema.ts\n@@\n*** Update File: src/ui/button.tsx\n@@\n*** End Patch",
    },
    relevant: ["schema-columns", "button-new", "db-folder"],
  },
  { what: "git push", tool: "bash", args: { command: "git push origin feature" }, relevant: ["git-push"] },
  { what: "git rebase", tool: "bash", args: { command: "git fetch && git rebase main" }, relevant: ["git-rebase"] },
  { what: "git status (nothing saved)", tool: "bash", args: { command: "git status --short" }, relevant: [] },
  { what: "npm run build", tool: "bash", args: { command: "npm run build" }, relevant: ["npm-build"] },
  { what: "npm install", tool: "bash", args: { command: "npm install zod" }, relevant: ["npm-install"] },
  {
    what: "vitest run with a file",
    tool: "bash",
    args: { command: "npx vitest run test/db/migrate.test.ts" },
    relevant: ["vitest-run"],
  },
  { what: "docker push", tool: "bash", args: { command: "docker push registry/app:latest" }, relevant: ["docker-tag"] },
  {
    what: "the bench script",
    tool: "bash",
    args: { command: "node scripts/bench.mjs memory" },
    relevant: ["bench-script"],
  },
  {
    what: "edit of the options",
    tool: "edit",
    args: { filePath: "src/options.ts" },
    relevant: ["readme-options", "options-tag"],
  },
  { what: "edit of the README", tool: "edit", args: { filePath: "README.md" }, relevant: ["readme-options"] },
  { what: "edit of a UI test", tool: "edit", args: { filePath: "test/ui/button.test.tsx" }, relevant: ["ui-tests"] },
  {
    what: "edit of the deploy script",
    tool: "edit",
    args: { filePath: "scripts/deploy.sh" },
    relevant: ["secret-env"],
  },
  { what: "a read (not an action)", tool: "read", args: { filePath: "src/db/migrate.ts" }, relevant: [] },
  { what: "ls and cat (nothing to say)", tool: "bash", args: { command: "ls -la && cat package.json" }, relevant: [] },
];
