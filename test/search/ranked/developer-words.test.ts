/**
 * Words developers write two ways (`db` and `database`): a ranked query holding one looks for the other too, on a real
 * session of another project (corpus/more) that writes only the long form.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { otherForms } from "../../../src/search/ranked/developer-words.js";
import { parseRankedQuery } from "../../../src/search/ranked/ranked-query.js";
import type { SessionExport } from "../../../src/transcripts/source/export-file-source.js";
import { indexedSessions, PROJECT } from "../../helpers/indexed-sessions.js";
import { sharedSessionFile } from "../../helpers/transcripts.js";

const termsOf = (query: string) => parseRankedQuery(query).terms.map((t) => t.words.join(" "));

describe("developer words", () => {
  it("look for the other way of writing a bare word, each way a term of its own", () => {
    expect(termsOf("db migration")).toEqual(["db", "migration", "database"]);
    expect(termsOf("which rc shipped")).toEqual(["rc", "shipped", "release candidate"]);
    expect(termsOf("missing environment variable")).toEqual(["missing", "environment", "variable", "env"]);
    // Both ways in the query: each once.
    expect(termsOf("env environment")).toEqual(["env", "environment"]);
    // A quoted phrase stands as written, and is still required.
    const quoted = parseRankedQuery('"db" wallet');
    expect(quoted.terms.map((t) => t.text)).toEqual(["db", "wallet"]);
    expect(quoted.required.map((t) => t.text)).toEqual(["db"]);
    // Measured and not kept: the second look already takes `repository` for `repo`; `configuration` and `master`
    // cost more than they found.
    expect(otherForms(["repo"])).toEqual([]);
    expect(otherForms(["config"])).toEqual([]);
    expect(otherForms(["main"])).toEqual([]);
    expect(otherForms(["logysia"])).toEqual([]);
  });

  it("find a line holding only the long form for a question asking with the short one", async () => {
    // cc-bhavana: the review says the token "makes this more than a database with a wallet login"; no line says db.
    const file = sharedSessionFile("more", "ses_vqqljgyzz5n35jywpe28");
    const session = JSON.parse(fs.readFileSync(file, "utf8")) as SessionExport;
    const { search } = await indexedSessions([session]);
    const out = await search({ query: "a db with a wallet login", mode: "ranked", scope: PROJECT, limit: 5 });
    const first = out.ranked?.hits[0]?.lines.find((l) => l.match);
    expect(first?.text).toContain("more than a database with a wallet login");
    expect(fs.readFileSync(file, "utf8")).not.toMatch(/\bdb\b/i);
  });
});
