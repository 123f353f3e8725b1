import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogDrift } from "../../src/search/catalog-drift.js";
import { IndexedFiles } from "../../src/search/ranked/indexed-scope.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { answered, PROJECT, twoProjects } from "../helpers/indexed-sessions.js";
import { testDataContext } from "../helpers/transcripts.js";

const session = (id: string) => answered(id, "Where do the logs go?", "To the journal, rotated daily.");

async function setUp() {
  const { data, connection } = await twoProjects(
    [session("ses_catalogdrift01"), session("ses_catalogdrift02")],
    [session("ses_catalogdrift03")],
  );
  const indexed = (all: boolean) =>
    new IndexedFiles(connection, data.transcriptsDir, all ? undefined : [scopeDirName(PROJECT)]);
  return { data, indexed };
}

describe("catalog drift", () => {
  it("is nothing, from the aggregate alone, when the index covers what the catalog records", async () => {
    const { data, indexed } = await setUp();
    expect(await catalogDrift(data.database, data.transcriptsDir, PROJECT, indexed(false))).toEqual({
      files: [],
      compared: 0,
    });
    expect(await catalogDrift(data.database, data.transcriptsDir, undefined, indexed(true))).toEqual({
      files: [],
      compared: 0,
    });
  });

  it("names a transcript the index lacks or covers short, as it is on disk, in scope only", async () => {
    const { data, indexed } = await setUp();
    await data.searchIndex.forget("ses_catalogdrift01");
    await data.searchIndex.forget("ses_catalogdrift03");
    const own = await catalogDrift(data.database, data.transcriptsDir, PROJECT, indexed(false));
    expect(own.files.map((f) => f.sessionID)).toEqual(["ses_catalogdrift01"]);
    expect(own.files[0]?.scope).toBe(PROJECT);
    expect(own.files[0]?.size).toBe(fs.statSync(own.files[0]?.path ?? "").size);
    expect(own.compared).toBe(2);
    const every = await catalogDrift(data.database, data.transcriptsDir, undefined, indexed(true));
    expect(every.files.map((f) => f.sessionID).sort()).toEqual(["ses_catalogdrift01", "ses_catalogdrift03"]);
    // The index's record shorter than the catalog's: an export that stopped between the transcript and the index.
    const records = indexed(false);
    const full = records.records();
    const short = {
      count: records.count,
      bytes: records.bytes - 10,
      records: () => {
        const out = new Map(full);
        const two = out.get("ses_catalogdrift02");
        if (two) out.set("ses_catalogdrift02", { ...two, size: two.size - 10 });
        return out;
      },
    };
    const behind = await catalogDrift(data.database, data.transcriptsDir, PROJECT, short);
    expect(behind.files.map((f) => f.sessionID).sort()).toEqual(["ses_catalogdrift01", "ses_catalogdrift02"]);
  });

  it("names no transcript whose file is gone, and nothing without a store file", async () => {
    const { data, indexed } = await setUp();
    await data.searchIndex.forget("ses_catalogdrift01");
    fs.rmSync(`${data.transcriptsDir}/${scopeDirName(PROJECT)}/ses_catalogdrift01.md`);
    const out = await catalogDrift(data.database, data.transcriptsDir, PROJECT, indexed(false));
    expect(out.files).toEqual([]);
    expect(out.compared).toBe(2);
    const empty = testDataContext();
    expect(await catalogDrift(empty.database, empty.transcriptsDir, PROJECT, indexed(false))).toEqual({
      files: [],
      compared: 0,
    });
  });
});
