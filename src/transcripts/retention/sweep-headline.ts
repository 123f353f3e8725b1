/**
 * The first line of a sweep's report, the same words for the tool, the slash command and the CLI, in the singular
 * where a count is one ("1 of 1 transcript is eligible", "Removed 1 of 1 eligible transcript").
 */

// Counts unformatted, as the rest of the report gives them (session lists, offsets).
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "3 of 14 transcripts are eligible"; `of` names where they were considered ("of this project"). */
export function eligibleOf(eligible: number, considered: number, of = ""): string {
  return `${eligible} of ${count(considered, "transcript")}${of ? ` ${of}` : ""} ${eligible === 1 || considered === 1 ? "is" : "are"} eligible`;
}

/** "Removed 2 of 3 eligible transcripts". */
export function removedOf(removed: number, eligible: number): string {
  return `Removed ${removed} of ${count(eligible, "eligible transcript")}`;
}
