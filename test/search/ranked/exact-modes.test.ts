import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportAll, PROJECT, searchOver } from "../../helpers/indexed-sessions.js";
import { SessionBuilder } from "../../helpers/synthetic-session.js";
import { testDataContext } from "../../helpers/transcripts.js";

const WORDS = [
  "alpha",
  "Beta",
  "rate-limiter",
  "ERR_42",
  "v1.2.3",
  "naïve",
  "K",
  "\u212aelvin",
  "ſtyle",
  "日本",
  "x",
  ".",
];

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(" "));
const session = fc.record({ user: text, answer: text, output: fc.array(text, { maxLength: 4 }) });

/** The matches of a rendered result, without its coverage line (which says what the index and sketches ruled out). */
const shown = (out: string) =>
  out
    .split("\n")
    .filter((line) => !line.startsWith("[search] "))
    .join("\n");

describe("literal and regex searches", () => {
  it("return exactly what a scan without the index returns, the index ruling transcripts out or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(session, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(
          ...WORDS,
          "alpha beta",
          "rate",
          "limiter",
          "err_",
          "1.2",
          "kelvin",
          "style",
          // Whole words inside the literal: the index is asked, and may rule transcripts out.
          " alpha ",
          "x alpha Beta x",
          " ERR_42 ",
          " v1.2.3 ",
          " kelvin ",
          " STYLE ",
          "a rate-limiter .",
          ". x .",
        ),
        fc.boolean(),
        async (sessions, needle, regex) => {
          const data = testDataContext();
          const built = sessions.map((s, i) => {
            const b = new SessionBuilder(`ses_property${String(i).padStart(8, "0")}`, `Session ${i}`);
            b.user(s.user);
            b.assistant((p) => {
              for (const o of s.output) p.tool("bash", { command: "run" }, o);
              p.text(s.answer);
            });
            return b.data;
          });
          await exportAll(data, built);
          const query = regex ? `${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S*` : needle;
          const mode = regex ? "regex" : "literal";
          const withIndex = await searchOver(data)({ query, mode, scope: PROJECT });
          const without = await searchOver(data, { index: undefined })({ query, mode, scope: PROJECT });
          const noSketch = await searchOver(data, { index: undefined })({
            query,
            mode,
            scope: PROJECT,
            useSketches: false,
          });
          const found = (o: typeof withIndex) =>
            o.result.files.map((f) => ({ file: o.targets[f.index]?.path, lines: f.hits.lines }));
          expect(found(withIndex)).toEqual(found(without));
          expect(found(withIndex)).toEqual(found(noSketch));
          expect(shown(withIndex.text)).toEqual(shown(without.text));
          data.searchIndex.close();
          data.database.close();
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
