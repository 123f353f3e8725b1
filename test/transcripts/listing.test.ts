/**
 * A search's targets never come through a link: not a linked session file, not a project folder under
 * `transcripts/` that is a link (to another project's folder or outside the data folder), not a linked transcripts
 * folder, for the default project scope as for `all`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSessionTranscript, listTranscripts } from "../../src/transcripts/listing.js";
import { scopeDirName } from "../../src/transcripts/paths.js";
import { tempDir } from "../helpers/temp-dir.js";

const A = "/projects/alpha";
const B = "/projects/beta";

function transcriptIn(folder: string, session: string, text: string): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${session}.md`), text);
}

describe("search targets and links", () => {
  it("a project folder that is a link to another project's folder, or outside, is not project A's", () => {
    const root = tempDir();
    const transcripts = path.join(root, "data", "transcripts");
    transcriptIn(path.join(transcripts, scopeDirName(B)), "ses_beta00000001", "     1\tbeta's words\n");
    const outside = path.join(root, "outside");
    transcriptIn(outside, "ses_outside00001", "     1\tnot ours\n");
    // Control: B's own transcript is B's.
    expect(listTranscripts(transcripts, B, false).map((f) => f.sessionID)).toEqual(["ses_beta00000001"]);

    fs.symlinkSync(path.join(transcripts, scopeDirName(B)), path.join(transcripts, scopeDirName(A)));
    expect(listTranscripts(transcripts, A, false)).toEqual([]);
    expect(findSessionTranscript(transcripts, "ses_beta00000001", A, false)).toEqual({ elsewhere: scopeDirName(B) });
    fs.rmSync(path.join(transcripts, scopeDirName(A)));
    fs.symlinkSync(outside, path.join(transcripts, scopeDirName(A)));
    expect(listTranscripts(transcripts, A, false)).toEqual([]);
    expect(findSessionTranscript(transcripts, "ses_outside00001", A, false)).toEqual({ missing: true });
    expect(findSessionTranscript(transcripts, "ses_outside00001", A, true)).toEqual({ missing: true });
    // With all: the real folder once, the links not at all.
    expect(listTranscripts(transcripts, A, true).map((f) => f.sessionID)).toEqual(["ses_beta00000001"]);
  });

  it("a transcripts folder that is a link is not searched at all", () => {
    const root = tempDir();
    const real = path.join(root, "elsewhere");
    transcriptIn(path.join(real, scopeDirName(A)), "ses_alpha0000001", "     1\tfrom elsewhere\n");
    // Control: the real folder is listed.
    expect(listTranscripts(real, A, false)).toHaveLength(1);
    fs.mkdirSync(path.join(root, "data"));
    const transcripts = path.join(root, "data", "transcripts");
    fs.symlinkSync(real, transcripts);
    expect(listTranscripts(transcripts, A, false)).toEqual([]);
    expect(listTranscripts(transcripts, A, true)).toEqual([]);
    expect(findSessionTranscript(transcripts, "ses_alpha0000001", A, false)).toEqual({ missing: true });
  });
});
