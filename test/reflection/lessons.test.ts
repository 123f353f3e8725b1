import { describe, expect, it } from "vitest";
import { parseLessons, reflectionPrompt, transcriptTail } from "../../src/reflection/lessons.js";

describe("reflection answers", () => {
  it("reads the JSON array out of a chatty answer and keeps at most maxLessons", () => {
    const answer = `Sure! Here you go:\n[{"title":"Pin the binary","body":"Install opencode-ai from npm, never curl.","tags":["ci"]},{"title":"Two","body":"b"},{"title":"Three","body":"c"}]\nHope it helps.`;
    expect(parseLessons(answer, 2)).toEqual([
      { title: "Pin the binary", body: "Install opencode-ai from npm, never curl.", tags: ["ci"] },
      { title: "Two", body: "b", tags: [] },
    ]);
  });

  it("drops malformed items and bounds every field", () => {
    const long = "x".repeat(5000);
    const answer = JSON.stringify([
      null,
      "just a string",
      { title: "", body: "no title" },
      { title: "no body" },
      { title: long, body: long, tags: [long, 3, "ok", "a", "b", "c", "d", "e", "f"] },
    ]);
    const [only, ...rest] = parseLessons(answer, 10);
    expect(rest).toEqual([]);
    expect(only?.title.length).toBe(120);
    expect(only?.body.length).toBe(1200);
    expect(only?.tags.length).toBe(6);
    expect(only?.tags.every((t) => t.length <= 40)).toBe(true);
  });

  it("answers [] when the model gave no array or broken JSON", () => {
    expect(parseLessons("No clear lesson this time.", 3)).toEqual([]);
    expect(parseLessons("[{title: broken", 3)).toEqual([]);
    expect(parseLessons('{"title":"an object, not an array"}', 3)).toEqual([]);
    expect(parseLessons("[]", 3)).toEqual([]);
  });

  it("takes the tail of a numbered transcript at a whole line, without the numbers", () => {
    const numbered = Array.from({ length: 100 }, (_, i) => `${String(i + 1).padStart(6)}\tline ${i + 1} text`).join(
      "\n",
    );
    const tail = transcriptTail(numbered, 60);
    expect(tail.length).toBeLessThanOrEqual(60);
    expect(tail.endsWith("line 100 text")).toBe(true);
    expect(tail.startsWith("line ")).toBe(true);
    expect(tail).not.toMatch(/^\s*\d+\t/m);
  });

  it("asks for at most maxLessons lessons and fences the transcript", () => {
    const prompt = reflectionPrompt("ses_abc12345", "the tail", 3);
    expect(prompt).toContain("at most 3 items");
    expect(prompt).toContain("<<<\nthe tail\n>>>");
    expect(prompt).toMatch(/Never copy credentials/);
  });
});
