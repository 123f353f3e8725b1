/**
 * LoCoMo (snap-research/locomo, `data/locomo10.zip`: 10 long conversations between two people, each in up to 35
 * sessions, with questions whose evidence names the turns that answer them) read as OpenCode sessions: one session per
 * LoCoMo session, speaker A's turns as user messages and speaker B's as assistant messages, a shared photo as its
 * caption, each message at its session's date. The data is read from where it was unpacked; none of it is kept here.
 */
import fs from "node:fs";
import path from "node:path";
import type { SessionExport } from "../src/transcripts/source/export-file-source.js";
import { SessionBuilder } from "../test/helpers/synthetic-session.js";

/** The question categories with evidence turns: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop. */
export const CATEGORIES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop" };

export interface LocomoTurn {
  /** The turn's id in the data, as evidence names it ("D3:12": session 3, turn 12). */
  id: string;
  /** The message this turn became. */
  messageID: string;
}

export interface LocomoQuestion {
  question: string;
  category: number;
  /** The ids of the turns that hold the answer. */
  evidence: string[];
}

export interface LocomoConversation {
  name: string;
  /** The folder its sessions are in: one project per conversation, so a question searches its own. */
  directory: string;
  sessions: { export: SessionExport; turns: LocomoTurn[]; number: number }[];
  questions: LocomoQuestion[];
  /** A day after its last session: the time the questions are asked. */
  askedAt: number;
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface RawSample {
  sample_id?: string;
  conversation?: Record<string, unknown>;
  qa?: { question: string; category: number; evidence?: string[] }[];
  [key: string]: unknown;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october"]
  .concat(["november", "december"])
  .map((m) => m.slice(0, 3));

/** "1:56 pm on 8 May, 2023" as epoch milliseconds (UTC); undefined when it has another shape. */
export function sessionTime(text: string): number | undefined {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) return undefined;
  const month = MONTHS.indexOf((m[5] as string).slice(0, 3).toLowerCase());
  if (month < 0) return undefined;
  const hour = (Number(m[1]) % 12) + ((m[3] as string).toLowerCase() === "pm" ? 12 : 0);
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}

/** The turn ids an evidence list names; some entries hold several ("D8:6; D9:17"). */
export function evidenceIds(evidence: readonly string[]): string[] {
  return evidence.flatMap((e) => [...e.matchAll(/D(\d+):(\d+)/g)].map((m) => `D${m[1]}:${m[2]}`));
}

/** Every `.json` file under `dir` (the zip unpacks to a folder of one file per conversation). */
function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return jsonFiles(full);
    return e.name.endsWith(".json") ? [full] : [];
  });
}

/** The conversations found under `dir`: one sample per file, or an array of them (`locomo10.json`). */
export function loadLocomo(dir: string): LocomoConversation[] {
  const samples: { name: string; sample: RawSample }[] = [];
  for (const file of jsonFiles(dir).sort()) {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as RawSample | RawSample[];
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const [i, sample] of list.entries()) {
      const name =
        sample.sample_id ?? (list.length > 1 ? `${path.basename(file, ".json")}-${i}` : path.basename(file, ".json"));
      samples.push({ name, sample });
    }
  }
  return samples.filter((s) => s.sample.qa).map((s, i) => conversationOf(s.name, s.sample, i));
}

function conversationOf(name: string, sample: RawSample, index: number): LocomoConversation {
  const c = (sample.conversation ?? sample) as Record<string, unknown>;
  const speakerA = String(c.speaker_a);
  const directory = `/locomo/${name.replace(/[^\w-]/g, "_")}`;
  const tag = `LC${index.toString(36).toUpperCase()}`;
  const numbers = Object.keys(c)
    .map((k) => /^session_(\d+)$/.exec(k)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  let last = 0;
  const sessions = numbers.map((n) => {
    const when = sessionTime(String(c[`session_${n}_date_time`] ?? "")) ?? last + 86_400_000;
    last = when;
    const id = `ses_locomo${index.toString().padStart(2, "0")}s${n.toString().padStart(3, "0")}`;
    const b = new SessionBuilder(id, `${speakerA} and ${String(c.speaker_b)}, session ${n}`, directory, `${tag}S${n}`);
    const turns: LocomoTurn[] = [];
    for (const turn of c[`session_${n}`] as RawTurn[]) {
      const text = turn.blip_caption ? `${turn.text} [shares a photo: ${turn.blip_caption}]` : turn.text;
      const message = turn.speaker === speakerA ? b.user(text) : b.assistant((p) => p.text(text));
      turns.push({ id: turn.dia_id, messageID: message.info.id });
    }
    b.data.messages.forEach((m, i) => {
      const time = m.info.time as { created: number; completed?: number };
      time.created = when + i * 60_000;
      if (time.completed !== undefined) time.completed = time.created + 900;
    });
    b.data.info.time = { created: when, updated: when + b.data.messages.length * 60_000 };
    return { export: b.data, turns, number: n };
  });
  const questions = (sample.qa ?? [])
    .filter((q) => CATEGORIES[q.category] !== undefined && evidenceIds(q.evidence ?? []).length > 0)
    .map((q) => ({ question: q.question, category: q.category, evidence: evidenceIds(q.evidence ?? []) }));
  return { name, directory, sessions, questions, askedAt: last + 86_400_000 };
}
