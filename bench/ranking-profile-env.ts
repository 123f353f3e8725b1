/**
 * The ranking profile a recall evaluation runs with: LEDGER_RANKING_PROFILE, when set, is partial overrides of the
 * default (src/search/ranked/ranking-profile.ts), as inline JSON (`{"boosts":{"coverage":2}}`) or the path of a JSON
 * file; refused with the key or value at fault when it is not one. A run with overrides says so in its report and
 * writes no result file: the published figures are the default profile's.
 */
import fs from "node:fs";
import { DEFAULT_PROFILE, type RankingProfile } from "../src/search/ranked/ranking-profile.js";
import { profileFromJson } from "../src/search/ranked/ranking-profile-override.js";

export const PROFILE_VARIABLE = "LEDGER_RANKING_PROFILE";

export interface EvalProfile {
  profile: RankingProfile;
  /** False when the variable gave overrides. */
  isDefault: boolean;
  /** One line for the report: which profile the run used. */
  said: string;
}

export function evalProfile(value = process.env[PROFILE_VARIABLE]): EvalProfile {
  if (value === undefined || value.trim() === "") {
    return { profile: DEFAULT_PROFILE, isDefault: true, said: "Ranking profile: the default." };
  }
  const inline = value.trim().startsWith("{");
  let text = value;
  if (!inline) {
    try {
      text = fs.readFileSync(value, "utf8");
    } catch (error) {
      throw new Error(`${PROFILE_VARIABLE}: cannot read ${value} (${(error as Error).message})`);
    }
  }
  const profile = profileFromJson(text, inline ? PROFILE_VARIABLE : `${PROFILE_VARIABLE} (${value})`);
  const overrides = JSON.stringify(JSON.parse(text));
  return {
    profile,
    isDefault: false,
    said: `Ranking profile: the default with ${overrides}${inline ? "" : ` (${value})`}; no result file written.`,
  };
}

/** evalProfile, or the reason it is refused said on one line and the run ended (exit code 1). */
export function evalProfileOrExit(bench: string): EvalProfile {
  try {
    return evalProfile();
  } catch (error) {
    console.error(`[${bench}] ${(error as Error).message}`);
    process.exit(1);
  }
}
