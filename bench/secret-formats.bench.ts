/**
 * How many of a widely used scanner's formats the secret guard refuses by shape: gitleaks' default rules, read from
 * a file outside the repository (see gitleaks-rules.ts), 10 values generated from each rule's regex with a seed,
 * each given bare and inside a sentence of prose to the guard memory_save runs (`assertNoSecrets`). No key name is
 * near the value: this measures shapes, not the context rules. Then the false-positive rate on the benign corpus
 * (benign-corpus.ts).
 *
 * `LEDGER_GUARD_BEFORE=<dir>` measures an earlier guard beside this one: `<dir>` holds `src/secret-guard/` and
 * `src/errors.ts` of that commit (`git archive <commit> src/secret-guard src/errors.ts | tar -x -C <dir>`).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertNoSecrets } from "../src/secret-guard/secret-guard.js";
import { seeded } from "../test/helpers/secret-samples.js";
import { benignCorpus } from "./benign-corpus.js";
import { type GitleaksRule, gitleaksCandidates, readGitleaksRules } from "./gitleaks-rules.js";
import { parseRegex, sample } from "./regex-sampler.js";
import { loadAverage, table, writeFigures, writeSection } from "./report.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const toml = gitleaksCandidates(root).find((file) => fs.existsSync(file));
if (toml === undefined) {
  console.error(
    `[secret-formats] skipped: gitleaks.toml not found (looked at ${gitleaksCandidates(root).join(", ")}). Set ` +
      "LEDGER_GITLEAKS to the config/gitleaks.toml of a gitleaks checkout; it is not kept in this repository.",
  );
  process.exit(0);
}

const VALUES_PER_RULE = 10;
// Most of a format's values: one unlucky draw (a random part that reads as a word) does not sink a format.
const RECOGNISED_AT = 6;
const PROSE = [
  (v: string) => `The deploy failed until I set ${v} in the settings, then it worked.`,
  (v: string) => `I pasted ${v} into the dashboard this morning.`,
  (v: string) => `Remember that ${v} was rotated on Monday.`,
  (v: string) => `It runs again now with ${v}, as far as I can tell.`,
];

type Guard = (fields: Record<string, string>) => void;

function refuses(guard: Guard, text: string): boolean {
  try {
    guard({ body: text });
    return false;
  } catch (error) {
    if (error instanceof Error && /refused/.test(error.message)) return true;
    throw error;
  }
}

// A seed per rule from its id, so adding a rule to gitleaks does not change the values of the others.
function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h ^ 0x5eed) >>> 0;
}

function valuesOf(rule: GitleaksRule): string[] {
  const parsed = parseRegex(rule.regex);
  const rand = seeded(seedOf(rule.id));
  return Array.from({ length: VALUES_PER_RULE }, () => sample(parsed, rand, rule.secretGroup).secret);
}

// The same values named in a sentence ("the <provider> API key is …"): what the context rules add.
const named = (rule: GitleaksRule, value: string) => `The ${rule.id.split("-")[0]} API key is ${value}.`;

interface Measure {
  readonly refusedValues: number;
  /** Per rule id, how many of its values were refused bare and in prose. */
  readonly perRule: Map<string, number>;
  /** Per rule id, how many of its values were refused when a sentence named them. */
  readonly perRuleNamed: Map<string, number>;
  readonly benignRefused: { source: string; text: string }[];
}

const rules = readGitleaksRules(toml);
const values = new Map(rules.map((rule) => [rule.id, valuesOf(rule)]));
const benign = benignCorpus(root);

function measure(guard: Guard): Measure {
  const perRule = new Map<string, number>();
  const perRuleNamed = new Map<string, number>();
  let refusedValues = 0;
  for (const rule of rules) {
    let refused = 0;
    let refusedNamed = 0;
    (values.get(rule.id) ?? []).forEach((value, i) => {
      const prose = (PROSE[i % PROSE.length] as (v: string) => string)(value);
      if (refuses(guard, value) && refuses(guard, prose)) refused++;
      if (refuses(guard, named(rule, value))) refusedNamed++;
    });
    perRule.set(rule.id, refused);
    perRuleNamed.set(rule.id, refusedNamed);
    refusedValues += refused;
  }
  return { refusedValues, perRule, perRuleNamed, benignRefused: benign.filter((item) => refuses(guard, item.text)) };
}

const beforeDir = process.env.LEDGER_GUARD_BEFORE;
const before = beforeDir
  ? measure(
      ((await import(path.resolve(beforeDir, "src", "secret-guard", "secret-guard.ts"))) as { assertNoSecrets: Guard })
        .assertNoSecrets,
    )
  : undefined;
const load = loadAverage();
const after = measure(assertNoSecrets as Guard);

const recognised = (m: Measure, at: number) => [...m.perRule.values()].filter((n) => n >= at).length;
const recognisedNamed = (m: Measure) => [...m.perRuleNamed.values()].filter((n) => n >= RECOGNISED_AT).length;
const totalValues = rules.length * VALUES_PER_RULE;
const row = (label: string, m: Measure) => [
  label,
  `${recognised(m, RECOGNISED_AT)} of ${rules.length}`,
  `${recognised(m, VALUES_PER_RULE)} of ${rules.length}`,
  `${m.refusedValues} of ${totalValues}`,
  `${recognisedNamed(m)} of ${rules.length}`,
  `${m.benignRefused.length} of ${benign.length}`,
];
const rows = [
  ...(before ? [row(`before (${path.basename(beforeDir as string)})`, before)] : []),
  row("this build", after),
];

const bySource = new Map<string, number>();
for (const item of benign) bySource.set(item.source, (bySource.get(item.source) ?? 0) + 1);
const benignRows = [...bySource].map(([source, n]) => [
  source,
  n,
  after.benignRefused.filter((item) => item.source === source).length,
]);
const missed = rules.filter((rule) => (after.perRule.get(rule.id) ?? 0) < RECOGNISED_AT);
const missedNamed = missed.filter((rule) => (after.perRuleNamed.get(rule.id) ?? 0) < RECOGNISED_AT);
const partly = missed.filter((rule) => (after.perRule.get(rule.id) ?? 0) > 0);
const gained = before
  ? rules.filter((r) => (before.perRule.get(r.id) ?? 0) < RECOGNISED_AT && !missed.includes(r))
  : [];

const rate = (m: Measure) => `${m.benignRefused.length} of ${benign.length}`;
writeFigures("secret-formats", [
  {
    what: "gitleaks formats refused by shape (bare and in prose)",
    value: `${recognised(after, RECOGNISED_AT)} of ${rules.length}; ${after.refusedValues} of ${totalValues} values`,
    target: "at least 150",
    met: recognised(after, RECOGNISED_AT) >= 150,
  },
  {
    what: "benign corpus refused",
    value: rate(after),
    target: "at most 1 in 6,120",
    met: after.benignRefused.length * 6120 <= benign.length,
  },
]);
writeSection(
  "secret-formats",
  "Secret formats recognised by shape",
  `${rules.length} rules with a regex in \`${path.basename(toml)}\` (gitleaks' default rules; the file is read from
outside the repository, \`LEDGER_GITLEAKS\`). ${VALUES_PER_RULE} values per rule, generated from its regex with a
seed (\`bench/regex-sampler.ts\`): the rule's secret group, or the whole match. Each value is given to
\`assertNoSecrets\` (what memory_save runs) bare and inside a sentence of prose, with no credential-named key near
it. A format counts as recognised when at least ${RECOGNISED_AT} of its ${VALUES_PER_RULE} values are refused both
ways. "When named": the same values in "The <provider> API key is <value>.", refused by the context rules if not by
shape (6+ of 10). Load average when the run started: ${load}.

${table(["guard", `formats (${RECOGNISED_AT}+ of ${VALUES_PER_RULE} values)`, `formats (all ${VALUES_PER_RULE})`, "values refused", "formats when named", "benign refused"], rows)}

${gained.length > 0 ? `Recognised now and not before (${gained.length}): ${gained.map((r) => `\`${r.id}\``).join(", ")}.\n\n` : ""}Not recognised by shape (${missed.length}; ${partly.length} of them partly: some of their values are):
${missed.map((r) => `\`${r.id}\` (${after.perRule.get(r.id) ?? 0})`).join(", ")}.

Of these, not refused even when named in a sentence (${missedNamed.length}): ${missedNamed.map((r) => `\`${r.id}\``).join(", ")}.

**Benign corpus**: ${benign.length} texts (${benign.filter((i) => i.source.startsWith("code")).length} blocks of
source code from the installed packages, this repository's commit log and lockfile lines, and generated digests, UUIDs,
base64 images and JWT fragments from documentation); refused by this build: ${rate(after)}${
    before ? `, by the earlier one: ${rate(before)}` : ""
  }.

${table(["source", "texts", "refused"], benignRows)}
${after.benignRefused.map((item) => `\n- refused (${item.source}): \`${item.text.slice(0, 100).replaceAll("`", "'").replaceAll("\n", " ")}\``).join("")}`,
);
